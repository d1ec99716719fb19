/**
 * The C++ our compiled Gun Duel answers are built against — all of it our own code, written from
 * the interface the question documents (an answer sees `Player` and nothing else of the
 * controller):
 *  - PLAYER_HPP: the `Player` base class an answer's `#include "Player.hpp"` finds. Same public
 *    and protected interface as the tournament's (actions, results, the getters, load()…thermal(),
 *    getOpponent, getAmmoOpponent, GetRandomInteger, toActionString); the shared random integer
 *    is a call to the host (engines/gun-duel/cpp/players.ts), which draws it from the same
 *    engine model the ports use. One addition: a virtual destructor, so that deleting a player
 *    after its duel frees what the derived class holds (the original leaked it; no answer can
 *    tell the difference).
 *  - RNG_SHIM_HPP: force-included before every answer. It routes `std::default_random_engine`,
 *    `std::uniform_int_distribution<int>` and `std::uniform_real_distribution<double>` on it to
 *    the host's model of the chosen C++ library (libstdc++ or MSVC), because the compiler's own
 *    library (libc++) has other distributions: an answer that makes its own engine (CBetaPlayer,
 *    MontePlayer) would otherwise draw other numbers than the g++ build. The engine is a handle:
 *    destroying it frees the host's engine, copying it copies the state (players.ts bounds how
 *    many may be alive).
 *  - GLUE_CPP: the exports the host calls (new/fight/perceive/declared/delete), stdout made
 *    line-buffered, and the stubs that tell the host why the next trap happens: a `throw` (the
 *    wasm libc++abi has no exceptions; its type is named), out of memory, libc++'s own abort
 *    (its message) — an uncaught exception aborted the original.
 */

export const PLAYER_HPP = String.raw`// Player.hpp (koth-replay stand-in, compiled to WebAssembly; not the tournament's file)
#ifndef KOTH_PLAYER_HPP
#define KOTH_PLAYER_HPP
#include <vector>
#include <limits>
#include <string>
#include <random>
#include <chrono>
#include <cstddef>

extern "C" int koth_random_integer(int max) __attribute__((import_module("koth"), import_name("random_integer")));

struct KothGlue;

class Player {
public:
  enum Action { LOAD, BULLET, PLASMA, METAL, THERMAL };
  static constexpr char ACTION[5] = { '0', '1', '2', '-', '=' };
  enum Result { DRAW, WIN, LOSS };

  virtual Action fight() = 0;
  virtual void perceive(Action action) {
    mHistoryOpponent.push_back(action);
    if (action == LOAD) mAmmoOpponent += 1;
    else if (action == BULLET) mAmmoOpponent -= 1;
    else if (action == PLASMA) mAmmoOpponent -= 2;
  }
  virtual void declared(Result result) {}
  virtual ~Player() {}

  explicit Player(size_t opponent = -1) : mOpponent(opponent) {}

  int getAmmo() const { return mAmmo; }
  int getTurn() const { return mTurn; }
  std::vector<Action> const &getHistory() const { return mHistory; }
  std::vector<Action> const &getHistoryOpponent() const { return mHistoryOpponent; }

  static int GetRandomInteger(int max = std::numeric_limits<int>::max()) { return koth_random_integer(max); }

protected:
  Action load() { return LOAD; }
  Action bullet() { return BULLET; }
  Action plasma() { return PLASMA; }
  Action metal() { return METAL; }
  Action thermal() { return THERMAL; }
  size_t getOpponent() const { return mOpponent; }
  int getAmmoOpponent() const { return mAmmoOpponent; }

private:
  friend struct KothGlue;
  // What the duel calls: the turn counted and recorded first, then the ammo (a plasma costs two).
  Action performFight() {
    Action a = fight();
    ++mTurn;
    mHistory.push_back(a);
    if (a == LOAD) ++mAmmo;
    else if (a == BULLET) --mAmmo;
    else if (a == PLASMA) mAmmo -= 2;
    return a;
  }
  size_t mOpponent = 0;
  int mAmmo = 0;
  int mTurn = 0;
  std::vector<Action> mHistory;
  std::vector<Action> mHistoryOpponent;
  int mAmmoOpponent = 0;
};

inline std::string toActionString(std::vector<Player::Action> const &actions) {
  std::string out;
  for (Player::Action a : actions) out.push_back(Player::ACTION[(size_t)a]);
  return out;
}
#endif
`;

export const RNG_SHIM_HPP = String.raw`// koth-replay: std::default_random_engine and its two distributions drawn from the host's model
#include <random>
#include <chrono>
extern "C" {
int koth_engine_new(unsigned seed) __attribute__((import_module("koth"), import_name("engine_new")));
int koth_engine_copy(int engine) __attribute__((import_module("koth"), import_name("engine_copy")));
void koth_engine_delete(int engine) __attribute__((import_module("koth"), import_name("engine_delete")));
int koth_engine_int(int engine, int a, int b) __attribute__((import_module("koth"), import_name("engine_int")));
double koth_engine_real(int engine, double a, double b) __attribute__((import_module("koth"), import_name("engine_real")));
}
namespace koth {
// A handle to the host's engine: a copy is a copy of its state, a destroyed engine is freed there.
struct engine {
  typedef unsigned result_type;
  int h;
  explicit engine(unsigned long long seed = 1u) : h(koth_engine_new((unsigned)seed)) {}
  engine(const engine &o) : h(koth_engine_copy(o.h)) {}
  engine(engine &&o) noexcept : h(o.h) { o.h = -1; }
  engine &operator=(const engine &o) {
    if (this != &o) { int n = koth_engine_copy(o.h); if (h >= 0) koth_engine_delete(h); h = n; }
    return *this;
  }
  engine &operator=(engine &&o) noexcept {
    if (this != &o) { if (h >= 0) koth_engine_delete(h); h = o.h; o.h = -1; }
    return *this;
  }
  ~engine() { if (h >= 0) koth_engine_delete(h); }
  static constexpr result_type min() { return 1u; }
  static constexpr result_type max() { return 2147483646u; }
  result_type operator()() { return (result_type)koth_engine_int(h, 1, 2147483646); }
};
}
namespace std { typedef ::koth::engine koth_default_random_engine; }
#define default_random_engine koth_default_random_engine
template <> template <> inline int std::uniform_int_distribution<int>::operator()(::koth::engine &g, const param_type &p) { return koth_engine_int(g.h, p.a(), p.b()); }
template <> template <> inline int std::uniform_int_distribution<int>::operator()(::koth::engine &g) { return koth_engine_int(g.h, a(), b()); }
template <> template <> inline double std::uniform_real_distribution<double>::operator()(::koth::engine &g, const param_type &p) { return koth_engine_real(g.h, p.a(), p.b()); }
template <> template <> inline double std::uniform_real_distribution<double>::operator()(::koth::engine &g) { return koth_engine_real(g.h, a(), b()); }
`;

/** The exports; compiled with -DKOTH_CLASS=<class> and -DKOTH_HEADER="<file>". */
export const GLUE_CPP = String.raw`// koth-replay glue: what the host calls
#include <cstdio>
#include <cstdlib>
#include <cstddef>
#include <cstdarg>
#include <cstring>
#include <new>
#include <__verbose_abort>
#include <typeinfo>
#include KOTH_HEADER

// stdout line-buffered, as on the console the original tournament printed to (libc would buffer
// it whole, there being no terminal here): every finished line reaches the host at once, so the
// lines printed before a trap are shown too.
static const int koth_stdout_lines = (std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ), 0);

extern "C" void koth_oom(size_t bytes) __attribute__((import_module("koth"), import_name("oom")));
extern "C" void koth_threw(const char *type, size_t length) __attribute__((import_module("koth"), import_name("threw")));
extern "C" char *__cxa_demangle(const char *mangled, char *buffer, size_t *length, int *status);
extern "C" void koth_aborted(const char *message, size_t length) __attribute__((import_module("koth"), import_name("aborted")));

struct KothGlue {
  static int fight(Player *p) { return (int)p->performFight(); }
};

extern "C" {
__attribute__((export_name("koth_new"))) Player *koth_new(unsigned opponent) { return new KOTH_CLASS((size_t)opponent); }
__attribute__((export_name("koth_fight"))) int koth_fight(Player *p) { return KothGlue::fight(p); }
__attribute__((export_name("koth_perceive"))) void koth_perceive(Player *p, int action) { p->perceive((Player::Action)action); }
__attribute__((export_name("koth_declared"))) void koth_declared(Player *p, int result) { p->declared((Player::Result)result); }
__attribute__((export_name("koth_delete"))) void koth_delete(Player *p) { delete p; }

// No exceptions in this libc++abi: an exception is allocated, then thrown = the host is told,
// then a trap (the original's uncaught throw ended the tournament with std::terminate).
void *__cxa_allocate_exception(size_t n) { void *p = std::malloc(n); if (!p) { koth_oom(n); __builtin_trap(); } return p; }
void __cxa_throw(void *, void *type, void (*)(void *)) {
  int status = 0;
  const char *mangled = static_cast<std::type_info *>(type)->name();
  char *name = __cxa_demangle(mangled, nullptr, nullptr, &status);
  const char *what = status == 0 && name ? name : mangled;
  koth_threw(what, std::strlen(what));
  __builtin_trap();
}
// new T[n] with n * sizeof(T) past size_t: g++ threw std::bad_array_new_length (a bad_alloc).
void __cxa_throw_bad_array_new_length() { koth_oom(0); __builtin_trap(); }
}

// What this libc++ (built without exceptions) does where it would throw (std::length_error of a
// vector too long, std::out_of_range of at(), bad_alloc…) or on a failed check: the host is told
// the message, then a trap.
_LIBCPP_BEGIN_NAMESPACE_STD
void __libcpp_verbose_abort(const char *format, ...) _NOEXCEPT {
  char message[512];
  va_list args;
  va_start(args, format);
  std::vsnprintf(message, sizeof message, format, args);
  va_end(args);
  koth_aborted(message, std::strlen(message));
  __builtin_trap();
}
_LIBCPP_END_NAMESPACE_STD

// Out of memory (and a throw, above) is reported to the host before the trap, so it can say which.
void *operator new(size_t n) { void *p = std::malloc(n ? n : 1); if (!p) { koth_oom(n); __builtin_trap(); } return p; }
void *operator new[](size_t n) { return operator new(n); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete[](void *p, size_t) noexcept { std::free(p); }
`;
