/**
 * std::sort as GNU libstdc++ implements it (introsort with a 16-element threshold, median of
 * three moved to the front, unguarded partition, then the final insertion sort). Not a
 * stable sort: the order of elements the comparator calls equal is whatever this sequence
 * of swaps leaves, and the scoreboard's order of tied players depends on it.
 */
const THRESHOLD = 16;

export function stdSort<T>(a: T[], less: (x: T, y: T) => boolean): void {
  const n = a.length;
  if (n < 2) return;
  introsortLoop(a, 0, n, 2 * Math.floor(Math.log2(n)), less);
  finalInsertionSort(a, 0, n, less);
}

function swap<T>(a: T[], i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}

function introsortLoop<T>(a: T[], first: number, last: number, depth: number, less: (x: T, y: T) => boolean): void {
  while (last - first > THRESHOLD) {
    if (depth === 0) {
      heapSort(a, first, last, less);
      return;
    }
    --depth;
    const cut = partitionPivot(a, first, last, less);
    introsortLoop(a, cut, last, depth, less);
    last = cut;
  }
}

function partitionPivot<T>(a: T[], first: number, last: number, less: (x: T, y: T) => boolean): number {
  const mid = first + ((last - first) >> 1);
  moveMedianToFirst(a, first, first + 1, mid, last - 1, less);
  return unguardedPartition(a, first + 1, last, first, less);
}

function moveMedianToFirst<T>(v: T[], result: number, a: number, b: number, c: number, less: (x: T, y: T) => boolean): void {
  if (less(v[a]!, v[b]!)) {
    if (less(v[b]!, v[c]!)) swap(v, result, b);
    else if (less(v[a]!, v[c]!)) swap(v, result, c);
    else swap(v, result, a);
  } else if (less(v[a]!, v[c]!)) swap(v, result, a);
  else if (less(v[b]!, v[c]!)) swap(v, result, c);
  else swap(v, result, b);
}

function unguardedPartition<T>(v: T[], first: number, last: number, pivot: number, less: (x: T, y: T) => boolean): number {
  for (;;) {
    while (less(v[first]!, v[pivot]!)) ++first;
    --last;
    while (less(v[pivot]!, v[last]!)) --last;
    if (!(first < last)) return first;
    swap(v, first, last);
    ++first;
  }
}

function unguardedLinearInsert<T>(v: T[], i: number, less: (x: T, y: T) => boolean): void {
  const val = v[i]!;
  let last = i;
  let next = i - 1;
  while (less(val, v[next]!)) {
    v[last] = v[next]!;
    last = next;
    --next;
  }
  v[last] = val;
}

function insertionSort<T>(v: T[], first: number, last: number, less: (x: T, y: T) => boolean): void {
  if (first === last) return;
  for (let i = first + 1; i !== last; ++i) {
    if (less(v[i]!, v[first]!)) {
      const val = v[i]!;
      for (let k = i; k > first; k--) v[k] = v[k - 1]!;
      v[first] = val;
    } else unguardedLinearInsert(v, i, less);
  }
}

function finalInsertionSort<T>(v: T[], first: number, last: number, less: (x: T, y: T) => boolean): void {
  if (last - first > THRESHOLD) {
    insertionSort(v, first, first + THRESHOLD, less);
    for (let i = first + THRESHOLD; i !== last; ++i) unguardedLinearInsert(v, i, less);
  } else insertionSort(v, first, last, less);
}

/** std::make_heap + std::sort_heap (only reached for inputs far larger than a scoreboard). */
function heapSort<T>(v: T[], first: number, last: number, less: (x: T, y: T) => boolean): void {
  const len = last - first;
  const adjust = (hole: number, n: number, val: T) => {
    const top = hole;
    let child = hole;
    while (child < Math.floor((n - 1) / 2)) {
      child = 2 * (child + 1);
      if (less(v[first + child]!, v[first + child - 1]!)) child--;
      v[first + hole] = v[first + child]!;
      hole = child;
    }
    if ((n & 1) === 0 && child === Math.floor((n - 2) / 2)) {
      child = 2 * (child + 1);
      v[first + hole] = v[first + child - 1]!;
      hole = child - 1;
    }
    let parent = Math.floor((hole - 1) / 2);
    while (hole > top && less(v[first + parent]!, val)) {
      v[first + hole] = v[first + parent]!;
      hole = parent;
      parent = Math.floor((hole - 1) / 2);
    }
    v[first + hole] = val;
  };
  if (len >= 2) for (let p = Math.floor((len - 2) / 2); ; p--) {
    adjust(p, len, v[first + p]!);
    if (p === 0) break;
  }
  for (let l = len; l > 1; l--) {
    const val = v[first + l - 1]!;
    v[first + l - 1] = v[first]!;
    adjust(0, l - 1, val);
  }
}
