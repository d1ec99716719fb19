// koth-replay: records vectors from the real libstdc++ (our own code) for
// engines/core/rng/libstdcpp.ts and glibc log() values for MontePlayer.
#include <random>
#include <vector>
#include <numeric>
#include <algorithm>
#include <cstdio>
#include <cmath>
#include <climits>
#include <cstring>
#include <cstdint>

static void hexd(double d) { uint64_t u; memcpy(&u, &d, 8); printf("\"%016llx\"", (unsigned long long)u); }

int main() {
  unsigned seeds[] = {0u, 1u, 2u, 12345u, 2147483646u, 2147483647u, 4294967295u, 1485999999u};
  printf("{\"cases\":[\n");
  bool firstCase = true;
  for (unsigned s : seeds) {
    if (!firstCase) printf(",\n"); firstCase = false;
    printf("{\"seed\":%u", s);
    { std::minstd_rand0 g(s); printf(",\"raw\":["); for (int i = 0; i < 20; ++i) printf("%s%lu", i ? "," : "", (unsigned long)g()); printf("]"); }
    // uniform_int_distribution<int>(0,max) on one shared engine, a sequence of maxes
    int maxes[] = {0, 1, 2, 4, 99, 5, 16, INT_MAX, -1, 3, INT_MAX, 1000000, 2147483645, 2147483646, -1, 0, 7};
    { std::minstd_rand0 g(s); printf(",\"ints\":["); bool f = true;
      for (int rep = 0; rep < 6; ++rep) for (int m : maxes) { std::uniform_int_distribution<int> d(0, m); int v = d(g); printf("%s[%d,%d]", f ? "" : ",", m, v); f = false; }
      printf("]"); }
    { std::minstd_rand0 g(s); printf(",\"reals\":["); for (int i = 0; i < 30; ++i) { std::uniform_real_distribution<double> d(0.0, 1.0); if (i) printf(","); hexd(d(g)); } printf("]"); }
    { printf(",\"shuffles\":{"); int ns[] = {1, 2, 3, 4, 5, 16, 17, 18, 50}; bool f = true;
      for (int n : ns) { std::vector<size_t> v(n); std::iota(v.begin(), v.end(), 0); std::shuffle(v.begin(), v.end(), std::default_random_engine(s));
        printf("%s\"%d\":[", f ? "" : ",", n); f = false; for (int i = 0; i < n; ++i) printf("%s%zu", i ? "," : "", v[i]); printf("]"); }
      printf("}"); }
    printf("}");
  }
  printf("],\n\"log\":[");
  for (int n = 1; n <= 20000; ++n) { if (n > 1) printf(","); volatile double x = n; hexd(std::log(x)); }
  printf("]}\n");
  return 0;
}
