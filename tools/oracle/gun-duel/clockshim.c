// koth-replay oracle helper (our own code): LD_PRELOAD shim that makes every
// CLOCK_REALTIME reading return the integer nanosecond count given in
// KOTH_CLOCK_NS, so std::chrono::system_clock::now().time_since_epoch().count()
// equals S and every clock-seeded std::default_random_engine gets (unsigned)S.
#define _GNU_SOURCE
#include <time.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

int clock_gettime(clockid_t clk, struct timespec *ts) {
  const char *s = getenv("KOTH_CLOCK_NS");
  if (s && clk == CLOCK_REALTIME) {
    long long v = atoll(s);
    ts->tv_sec = v / 1000000000LL;
    ts->tv_nsec = v % 1000000000LL;
    return 0;
  }
  return (int)syscall(SYS_clock_gettime, clk, ts);
}
