/*
 * The routing bench's reference: a plain bounded Dijkstra in C, on the same graph file as our
 * engine, so the bench can tell how far our search (TypeScript, in a worker thread) is from what a
 * compiled program does with the same work. Compiled by the bench at run time (cc -O2).
 *
 *   reference-dijkstra <file.graph> <mode> [repeat] < searches
 *
 * Reads from the graph file (sectioned layout: 8-byte magic "CATGRAPH", little-endian uint32 header
 * length, JSON header listing each array's name, kind, byte offset and element count) only the
 * arrays `offsets`, `targets` and `time_<mode>`, found by name, so arrays added to the file later
 * change nothing here. The search is the engine's: costs in doubles, edge times Float32 seconds
 * (Infinity = forbidden), a binary heap with lazy deletion (a node is pushed again when a shorter
 * way is found; stale entries are skipped when popped), nothing pushed beyond the budget, scratch
 * arrays stamped per search instead of cleared.
 *
 * Each line of stdin is one search: `budget seedCount node cost node cost …` (the seeds are the two
 * ends of the snapped segment at their share of its cost, computed by the bench exactly as the
 * engine seeds its search). Each search is answered at once on stdout, `settledNodes microseconds
 * fastestMicroseconds` (the search alone, not reading the line), so the bench can interleave it
 * with our requests and both see the same load on a shared machine: the first run's time, and the
 * fastest of `repeat` runs (default 1), the least disturbed on a machine shared with other work.
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
  const char *kind;
  uint64_t offset;
  uint64_t length;
  int found;
} Section;

static void fail(const char *message, const char *detail) {
  fprintf(stderr, "reference-dijkstra: %s%s%s\n", message, detail ? " " : "", detail ? detail : "");
  exit(1);
}

/* The number after `"key":` inside [from, to), or -1 when absent. */
static double number_after(const char *from, const char *to, const char *key) {
  const char *at = strstr(from, key);
  if (!at || at >= to) return -1;
  at += strlen(key);
  while (at < to && (*at == ' ' || *at == ':')) at++;
  return strtod(at, NULL);
}

/*
 * Finds the section called `name` in the header's "sections" array: each entry is a flat JSON
 * object (no nesting) holding "name", "kind", "offset" and "length".
 */
static Section find_section(const char *json, const char *name) {
  Section section = {0};
  const char *list = strstr(json, "\"sections\"");
  if (!list) fail("the graph header has no sections", NULL);
  char wanted[128];
  snprintf(wanted, sizeof wanted, "\"name\":\"%s\"", name);
  for (const char *open = strchr(list, '{'); open; open = strchr(open + 1, '{')) {
    const char *close = strchr(open, '}');
    if (!close) break;
    const char *hit = strstr(open, wanted);
    if (hit && hit < close) {
      const char *kind = strstr(open, "\"kind\":\"");
      if (kind && kind < close) section.kind = kind + 8;
      section.offset = (uint64_t)number_after(open, close, "\"offset\"");
      section.length = (uint64_t)number_after(open, close, "\"length\"");
      section.found = 1;
      return section;
    }
    open = close;
  }
  return section;
}

static const void *section_data(const char *json, const uint8_t *file, uint64_t size, const char *name, const char *kind, uint64_t *length) {
  Section section = find_section(json, name);
  if (!section.found) fail("the graph file has no array", name);
  if (strncmp(section.kind, kind, strlen(kind)) != 0 || section.kind[strlen(kind)] != '"') fail("unexpected element type for", name);
  uint64_t bytes = section.length * (strcmp(kind, "Float64") == 0 ? 8 : strcmp(kind, "Uint8") == 0 ? 1 : 4);
  if (section.offset % 8 != 0 || section.offset + bytes > size) fail("the graph file is truncated in", name);
  *length = section.length;
  return file + section.offset;
}

/* Binary min-heap of (cost, node), lazy deletion. */
typedef struct {
  double *keys;
  uint32_t *nodes;
  size_t size;
  size_t capacity;
} Heap;

static void heap_push(Heap *heap, uint32_t node, double key) {
  if (heap->size == heap->capacity) {
    heap->capacity = heap->capacity ? heap->capacity * 2 : 1024;
    heap->keys = realloc(heap->keys, heap->capacity * sizeof *heap->keys);
    heap->nodes = realloc(heap->nodes, heap->capacity * sizeof *heap->nodes);
    if (!heap->keys || !heap->nodes) fail("out of memory", NULL);
  }
  size_t i = heap->size++;
  while (i > 0) {
    size_t parent = (i - 1) / 2;
    if (heap->keys[parent] <= key) break;
    heap->keys[i] = heap->keys[parent];
    heap->nodes[i] = heap->nodes[parent];
    i = parent;
  }
  heap->keys[i] = key;
  heap->nodes[i] = node;
}

static void heap_pop(Heap *heap, uint32_t *node, double *key) {
  *node = heap->nodes[0];
  *key = heap->keys[0];
  size_t size = --heap->size;
  if (size == 0) return;
  double last_key = heap->keys[size];
  uint32_t last_node = heap->nodes[size];
  size_t i = 0;
  for (;;) {
    size_t child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap->keys[child + 1] < heap->keys[child]) child++;
    if (heap->keys[child] >= last_key) break;
    heap->keys[i] = heap->keys[child];
    heap->nodes[i] = heap->nodes[child];
    i = child;
  }
  heap->keys[i] = last_key;
  heap->nodes[i] = last_node;
}

typedef struct {
  uint32_t node_count;
  const uint32_t *offsets;
  const uint32_t *targets;
  const float *times;
  double *cost;
  uint32_t *stamp;
  uint32_t *settled;
  uint32_t run;
  Heap heap;
} Search;

static void relax(Search *s, uint32_t node, double value, double budget) {
  if (!(value <= budget)) return;
  if (s->stamp[node] != s->run || value < s->cost[node]) {
    s->stamp[node] = s->run;
    s->cost[node] = value;
    heap_push(&s->heap, node, value);
  }
}

/* Returns the number of settled nodes (every node whose cost is within the budget). */
static uint32_t bounded_search(Search *s, double budget, int seed_count, const uint32_t *seed_nodes, const double *seed_costs) {
  uint32_t run = ++s->run;
  s->heap.size = 0;
  for (int i = 0; i < seed_count; i++) relax(s, seed_nodes[i], seed_costs[i], budget);
  uint32_t settled_count = 0;
  while (s->heap.size > 0) {
    uint32_t node;
    double key;
    heap_pop(&s->heap, &node, &key);
    if (s->settled[node] == run || key > s->cost[node]) continue;
    s->settled[node] = run;
    settled_count++;
    for (uint32_t e = s->offsets[node], end = s->offsets[node + 1]; e < end; e++) {
      uint32_t target = s->targets[e];
      if (s->settled[target] == run) continue;
      float time = s->times[e];
      if (isinf(time)) continue;
      double value = key + (double)time;
      if (value > budget) continue;
      if (s->stamp[target] != run || value < s->cost[target]) {
        s->stamp[target] = run;
        s->cost[target] = value;
        heap_push(&s->heap, target, value);
      }
    }
  }
  return settled_count;
}

#define MAX_SEEDS 64

typedef struct {
  double budget;
  int seed_count;
  uint32_t nodes[MAX_SEEDS];
  double costs[MAX_SEEDS];
} Request;

/* Parses `budget seedCount node cost node cost …`; 0 for a blank line. */
static int parse_request(const char *line, Request *request, uint32_t node_count) {
  const char *at = line;
  char *end;
  request->budget = strtod(at, &end);
  if (end == at) return 0;
  at = end;
  long seeds = strtol(at, &end, 10);
  if (end == at || seeds < 0 || seeds > MAX_SEEDS) fail("bad search line:", line);
  at = end;
  request->seed_count = (int)seeds;
  for (long i = 0; i < seeds; i++) {
    unsigned long node = strtoul(at, &end, 10);
    if (end == at || node >= node_count) fail("bad seed node in:", line);
    at = end;
    request->nodes[i] = (uint32_t)node;
    request->costs[i] = strtod(at, &end);
    if (end == at) fail("bad seed cost in:", line);
    at = end;
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4) fail("usage: reference-dijkstra <file.graph> <mode> [repeat] < searches", NULL);
  int repeat = argc == 4 ? atoi(argv[3]) : 1;
  if (repeat < 1) fail("repeat must be at least 1, not", argv[3]);
  uint16_t probe = 1;
  if (*(uint8_t *)&probe != 1) fail("the graph file is little-endian; this machine is not", NULL);

  FILE *in = fopen(argv[1], "rb");
  if (!in) fail("cannot open", argv[1]);
  fseek(in, 0, SEEK_END);
  uint64_t size = (uint64_t)ftell(in);
  fseek(in, 0, SEEK_SET);
  uint8_t *file = malloc(size + 1);
  if (!file || fread(file, 1, size, in) != size) fail("cannot read", argv[1]);
  fclose(in);
  if (size < 12 || memcmp(file, "CATGRAPH", 8) != 0) fail("not a routing graph file:", argv[1]);
  uint32_t header_length = (uint32_t)file[8] | (uint32_t)file[9] << 8 | (uint32_t)file[10] << 16 | (uint32_t)file[11] << 24;
  if (12 + (uint64_t)header_length > size) fail("truncated header in", argv[1]);
  char *json = malloc(header_length + 1);
  memcpy(json, file + 12, header_length);
  json[header_length] = '\0';

  char time_name[64];
  snprintf(time_name, sizeof time_name, "time_%s", argv[2]);
  uint64_t offsets_length, targets_length, times_length;
  Search s = {0};
  s.offsets = section_data(json, file, size, "offsets", "Uint32", &offsets_length);
  s.targets = section_data(json, file, size, "targets", "Uint32", &targets_length);
  s.times = section_data(json, file, size, time_name, "Float32", &times_length);
  if (offsets_length < 1 || times_length != targets_length || s.offsets[offsets_length - 1] != targets_length) fail("inconsistent arrays in", argv[1]);
  s.node_count = (uint32_t)(offsets_length - 1);
  s.cost = malloc(s.node_count * sizeof *s.cost);
  s.stamp = calloc(s.node_count, sizeof *s.stamp);
  s.settled = calloc(s.node_count, sizeof *s.settled);
  if (!s.cost || !s.stamp || !s.settled) fail("out of memory", NULL);

  char line[8192];
  Request request;
  while (fgets(line, sizeof line, stdin)) {
    if (!parse_request(line, &request, s.node_count)) continue;
    uint32_t settled = 0;
    double first = 0, fastest = INFINITY;
    for (int r = 0; r < repeat; r++) {
      struct timespec start, end;
      clock_gettime(CLOCK_MONOTONIC, &start);
      settled = bounded_search(&s, request.budget, request.seed_count, request.nodes, request.costs);
      clock_gettime(CLOCK_MONOTONIC, &end);
      double micros = (double)(end.tv_sec - start.tv_sec) * 1e6 + (double)(end.tv_nsec - start.tv_nsec) / 1e3;
      if (r == 0) first = micros;
      if (micros < fastest) fastest = micros;
    }
    printf("%u %.1f %.1f\n", settled, first, fastest);
    fflush(stdout);
  }
  return 0;
}
