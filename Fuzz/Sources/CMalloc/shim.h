// glibc's malloc statistics, for the leak replay (Fuzz/Sources/HearthFuzz/LeakReplay.swift).
#include <malloc.h>

// The heap in use, in bytes: allocated arena chunks plus mmapped blocks (`mallinfo2`, which Swift
// would confuse with the struct of the same name).
static inline size_t hearth_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
