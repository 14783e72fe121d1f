/* An SD card's fsync for bench/app.py --pi4 (LD_PRELOAD): fsync and fdatasync do their real
 * work, then wait until the call has taken as long as a draw from an SD card's distribution.
 * The distribution and its sources: bench/pi4.py (SD_MODEL); it arrives here as
 * SDCARD_FSYNC_MS="p:lo-hi,p:lo-hi,..." (a mixture of uniform ranges in ms, probabilities
 * summing to 1) and SDCARD_SEED. sdcard_calls() and sdcard_added_ms() (ctypes) say how many
 * calls it delayed and by how much in all, sdcard_thread_added_ms() by how much in the
 * calling thread, so the bench can tell the model's share of the UI thread's scan.
 * Build: gcc -O2 -shared -fPIC -o sdcard.so sdcard.c -ldl
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
#include <pthread.h>

#define MAX_PARTS 8

static struct { double p, lo, hi; } parts[MAX_PARTS];
static int nparts;
static unsigned long long state = 88172645463325252ULL;
static unsigned long calls;
static double added_ms;
static __thread double thread_added_ms; /* the calling thread's own: the UI thread's waits */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

static double uniform(void) { /* xorshift64: repeatable with SDCARD_SEED */
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (state >> 11) * (1.0 / 9007199254740992.0);
}

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

__attribute__((constructor)) static void load(void) {
    real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    real_fdatasync = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    const char *seed = getenv("SDCARD_SEED");
    if (seed)
        state ^= strtoull(seed, NULL, 10) * 2654435761ULL + 1;
    const char *spec = getenv("SDCARD_FSYNC_MS");
    while (spec && *spec && nparts < MAX_PARTS) {
        char *end;
        parts[nparts].p = strtod(spec, &end);
        if (*end != ':') break;
        parts[nparts].lo = strtod(end + 1, &end);
        if (*end != '-') break;
        parts[nparts].hi = strtod(end + 1, &end);
        nparts++;
        if (*end != ',') break;
        spec = end + 1;
    }
}

unsigned long sdcard_calls(void) { return calls; }
double sdcard_added_ms(void) { return added_ms; }
double sdcard_thread_added_ms(void) { return thread_added_ms; }

static double draw_ms(void) {
    double u = uniform(), sum = 0;
    for (int i = 0; i < nparts; i++) {
        sum += parts[i].p;
        if (u < sum || i == nparts - 1)
            return parts[i].lo + uniform() * (parts[i].hi - parts[i].lo);
    }
    return 0;
}

static int delayed(int (*real)(int), int fd) {
    double start = now_ms();
    int result = real(fd);
    pthread_mutex_lock(&lock);
    double want = draw_ms(), wait = want - (now_ms() - start);
    calls++;
    if (wait > 0)
        added_ms += wait;
    pthread_mutex_unlock(&lock);
    if (wait > 0) {
        thread_added_ms += wait;
        struct timespec t = {(time_t)(wait / 1e3), (long)((wait - (time_t)(wait / 1e3) * 1e3) * 1e6)};
        nanosleep(&t, NULL);
    }
    return result;
}

int fsync(int fd) { return delayed(real_fsync, fd); }
int fdatasync(int fd) { return delayed(real_fdatasync, fd); }
