// koth-replay: records raw std::mt19937 outputs from g++'s libstdc++ (our own code) for
// engines/core/rng/msvc.ts. The Mersenne Twister's stream is fixed by the C++ standard, so
// MSVC's std::mt19937 (its default_random_engine) gives the same numbers; MSVC's
// distributions cannot be recorded here (no MSVC) and are unit-tested from their definition.
#include <random>
#include <cstdio>

int main() {
  unsigned seeds[] = {0u, 1u, 5489u, 12345u, 2147483647u, 4294967295u, 1485999999u};
  printf("{\"cases\":[\n");
  for (size_t k = 0; k < sizeof seeds / sizeof *seeds; ++k) {
    std::mt19937 g(seeds[k]);
    printf("%s{\"seed\":%u,\"raw\":[", k ? ",\n" : "", seeds[k]);
    for (int i = 0; i < 1300; ++i) printf("%s%u", i ? "," : "", (unsigned)g());
    g.discard(10000 - 1300 - 1);
    printf("],\"at10000\":%u}", (unsigned)g());
  }
  printf("\n]}\n");
  return 0;
}
