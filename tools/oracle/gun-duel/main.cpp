// koth-replay oracle for the Futuristic Gun Duel (our own driver; no original code).
// Compile with -I <dir of the original Tournament/ sources>; see build.sh.
// Registers the 17 players in the order of the final Tournament.cpp (a6e74c9),
// runs the tournament with the same loop order as Tournament::run and the
// original private members (reached through an access macro), and prints JSON.
//
// Usage: gunduel-oracle [--players i,j,..] [--repetition N] [--trace FILE] [--original-run] [--timing]
//   (seed: run under LD_PRELOAD=clockshim.so with KOTH_CLOCK_NS=S)
//   --timing: print {"cpuSeconds":…,"wallSeconds":…} of the tournament on stderr (koth bench).
#include <vector>
#include <limits>
#include <string>
#include <random>
#include <chrono>
#include <iostream>
#include <fstream>
#include <sstream>
#include <iomanip>
#include <memory>
#include <regex>
#include <algorithm>
#include <numeric>
#include <typeinfo>
#include <functional>
#include <unordered_map>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <cstdio>
#include <cstring>
#include <sys/resource.h>

#define private public
#define protected public
#include "GunClubPlayer.hpp"
#include "OpportunistPlayer.hpp"
#include "TurtlePlayer.hpp"
#include "BarricadePlayer.hpp"
#include "BotRobotPlayer.hpp"
#include "PlasmaPlayer.hpp"
#include "SadisticShooter.hpp"
#include "DeceptivePlayer.hpp"
#include "StudiousPlayer.hpp"
#include "SurvivorPlayer.hpp"
#include "FatedPlayer.hpp"
#include "CBetaPlayer.hpp"
#include "MontePlayer.hpp"
#include "CamtoPlayer.hpp"
#include "HanSoloPlayer.hpp"
#include "SpecificPlayer.hpp"
#include "NotSoPatientPlayer.hpp"
#include "Tournament.hpp"
#undef private
#undef protected

static const char *NAMES[17] = {
  "GunClubPlayer", "OpportunistPlayer", "TurtlePlayer", "BarricadePlayer", "BotRobotPlayer",
  "PlasmaPlayer", "SadisticShooter", "DeceptivePlayer", "StudiousPlayer", "SurvivorPlayer",
  "FatedPlayer", "CBetaPlayer", "MontePlayer", "CamtoPlayer", "HanSoloPlayer",
  "SpecificPlayer", "NotSoPatientPlayer"};

typedef std::function<std::unique_ptr<Player>(size_t)> Maker;
template <class T> static Maker mk() { return [](size_t o) { return std::unique_ptr<Player>(new T(o)); }; }

static std::vector<Maker> allMakers() {
  return {mk<GunClubPlayer>(), mk<OpportunistPlayer>(), mk<TurtlePlayer>(), mk<BarricadePlayer>(),
          mk<BotRobotPlayer>(), mk<PlasmaPlayer>(), mk<SadisticShooter>(), mk<DeceptivePlayer>(),
          mk<StudiousPlayer>(), mk<SurvivorPlayer>(), mk<FatedPlayer>(), mk<CBetaPlayer>(),
          mk<MontePlayer>(), mk<CamtoPlayer>(), mk<HanSoloPlayer>(), mk<SpecificPlayer>(),
          mk<NotSoPatientPlayer>()};
}

// Our pool: same interface the Tournament template expects.
struct OraclePool {
  static std::vector<Maker> &reg() { static std::vector<Maker> r; return r; }
  static std::vector<int> &names() { static std::vector<int> n; return n; }
  static size_t size() { return reg().size(); }
  static std::unique_ptr<Player> newPlayer(size_t index, size_t opponent = -1) {
    if (index >= size()) return nullptr;
    return reg()[index](opponent);
  }
};

static std::string actStr(const std::vector<Player::Action> &v) {
  std::string s;
  for (auto a : v) s.push_back((size_t)a < 5 ? "012-="[(size_t)a] : '?');
  return s;
}

int main(int argc, char **argv) {
  std::vector<int> players;
  size_t repetition = 100;
  const char *traceFile = nullptr;
  bool originalRun = false;
  bool timing = false;
  const auto wall0 = std::chrono::steady_clock::now(); // CLOCK_MONOTONIC: not touched by the shim
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--players" && i + 1 < argc) {
      std::stringstream ss(argv[++i]); std::string t;
      while (std::getline(ss, t, ',')) players.push_back(std::stoi(t));
    } else if (a == "--repetition" && i + 1 < argc) repetition = std::stoul(argv[++i]);
    else if (a == "--trace" && i + 1 < argc) traceFile = argv[++i];
    else if (a == "--original-run") originalRun = true;
    else if (a == "--timing") timing = true;
    else { std::cerr << "unknown option " << a << "\n"; return 2; }
  }
  if (players.empty()) for (int i = 0; i < 17; ++i) players.push_back(i);
  auto makers = allMakers();
  for (int p : players) { OraclePool::reg().push_back(makers[p]); OraclePool::names().push_back(p); }

  Tournament<OraclePool> t(repetition);
  const size_t n = t.mSize;
  std::vector<std::vector<int>> pairs(n, std::vector<int>(n, 0));
  FILE *tf = traceFile ? fopen(traceFile, "w") : nullptr;
  if (originalRun) {
    std::streambuf *old = std::cout.rdbuf(nullptr);
    t.run();
    std::cout.rdbuf(old);
  } else {
    size_t round = 0;
    while (t.getPlayerRemaining() > 1) {
      t.startRound();
      for (size_t turn = 0; turn < t.mRepetition; ++turn)
        for (size_t a = 0; a < n - 1; ++a) {
          if (!t.mScores[a].alive) continue;
          for (size_t b = a + 1; b < n; ++b) {
            if (!t.mScores[b].alive) continue;
            // same steps as Tournament::performDuel, keeping the players to read their histories
            std::unique_ptr<Player> pa = OraclePool::newPlayer(a, t.mScores[b].identifier);
            std::unique_ptr<Player> pb = OraclePool::newPlayer(b, t.mScores[a].identifier);
            GunDuel duel(*pa, *pb);
            GunDuel::Outcome st = duel.fight();
            if (st == GunDuel::AWIN) { t.mScores[a].point++; t.mScores[a].pointTotal++; if (round == 0) pairs[a][b]++; }
            if (st == GunDuel::BWIN) { t.mScores[b].point++; t.mScores[b].pointTotal++; if (round == 0) pairs[b][a]++; }
            if (tf) fprintf(tf, "%zu %zu %zu %s %s %d\n", round, a, b, actStr(pa->getHistory()).c_str(), actStr(pb->getHistory()).c_str(), (int)st);
          }
        }
      t.endRound();
      ++round;
    }
  }
  if (tf) fclose(tf);
  // rows in scoreboard order: the original's sort (survival desc, then total desc)
  std::vector<size_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  auto &sc = t.mScores;
  std::sort(idx.begin(), idx.end(), [&](size_t a, size_t b) {
    return sc[a].survival > sc[b].survival || (sc[a].survival == sc[b].survival && sc[a].pointTotal > sc[b].pointTotal);
  });
  std::cout << "{\"identifiers\":{";
  for (size_t i = 0; i < n; ++i) std::cout << (i ? "," : "") << "\"" << NAMES[OraclePool::names()[i]] << "\":" << sc[i].identifier;
  std::cout << "},\"rows\":[";
  for (size_t k = 0; k < n; ++k) {
    size_t i = idx[k];
    std::cout << (k ? "," : "") << "{\"player\":\"" << NAMES[OraclePool::names()[i]] << "\",\"points\":" << sc[i].pointTotal << ",\"survival\":" << sc[i].survival << ",\"rounds\":[";
    for (size_t r = 0; r < sc[i].history.size(); ++r) std::cout << (r ? "," : "") << sc[i].history[r];
    std::cout << "]}";
  }
  std::cout << "]";
  if (!originalRun) {
    std::cout << ",\"round1Pairs\":{";
    for (size_t a = 0; a < n; ++a) {
      std::cout << (a ? "," : "") << "\"" << NAMES[OraclePool::names()[a]] << "\":{";
      bool first = true;
      for (size_t b = 0; b < n; ++b) if (b != a) { std::cout << (first ? "" : ",") << "\"" << NAMES[OraclePool::names()[b]] << "\":" << pairs[a][b]; first = false; }
      std::cout << "}";
    }
    std::cout << "}";
  }
  std::cout << "}\n";
  if (timing) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double cpu = ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
    double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
    std::cerr << "{\"cpuSeconds\":" << cpu << ",\"wallSeconds\":" << wall << "}\n";
  }
  return 0;
}
