/*===- main.c - Runs the compiled MLP training step and checks it ---------===*
 *
 * Rank r is device (i, j) = (r / 4, r % 4) of the 2x4 grid of mlp.mlir:
 * data shard i, model shard j. Every rank builds its part of deterministic
 * global inputs (batch X [8x8], targets T [8x4], weights W1 [8x8], W2
 * [8x4]), runs the step (mlp_forward_backward, then mlp_sync_update) and
 * compares each result element with a direct single-process computation of
 * the whole step, in double: on i32 exactly, on f32 within rounding
 * (relative 1e-5). Prints, per element type,
 *   "mlp <type> rank <r>: ok (<n> values, sum <s>)" or
 *   "mlp <type> rank <r>: FAIL (<k> wrong of <n>)"
 * and exits 1 on a failure. With --time, rank 0 also prints the average time
 * of a step on stderr.
 *
 *===----------------------------------------------------------------------===*/

#include <math.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { B = 8, D = 8, H = 8, O = 4, DATA = 2, MODEL = 4 };
enum { BL = B / DATA, HL = H / MODEL, BR = BL / MODEL };

/* A memref descriptor of rank 2 (of int32_t or float). */
typedef struct {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Desc2;

typedef struct {
  Desc2 y, hidden, dw1, dw2;
} StepResults;
typedef struct {
  Desc2 w1, w2;
} SyncResults;
typedef void (*StepFn)(StepResults *, Desc2 *x, Desc2 *t, Desc2 *w1,
                       Desc2 *w2);
typedef void (*SyncFn)(SyncResults *, Desc2 *w1, Desc2 *w2, Desc2 *dw1,
                       Desc2 *dw2);

void _mlir_ciface_mlp_forward_backward(StepResults *, Desc2 *, Desc2 *,
                                       Desc2 *, Desc2 *);
void _mlir_ciface_mlp_sync_update(SyncResults *, Desc2 *, Desc2 *, Desc2 *,
                                  Desc2 *);
void _mlir_ciface_mlp_forward_backward_f32(StepResults *, Desc2 *, Desc2 *,
                                           Desc2 *, Desc2 *);
void _mlir_ciface_mlp_sync_update_f32(SyncResults *, Desc2 *, Desc2 *,
                                      Desc2 *, Desc2 *);

typedef struct {
  const char *name;
  int isFloat;
  double scale[4]; /* of X, T, W1, W2: 1 on i32 (small integers) */
  double lr;       /* as in sync.mlir */
  StepFn step;
  SyncFn sync;
} Variant;

static const Variant variants[] = {
    {"i32", 0, {1, 1, 1, 1}, 1, _mlir_ciface_mlp_forward_backward,
     _mlir_ciface_mlp_sync_update},
    {"f32", 1, {0.25, 0.5, 0.3, 0.2}, 1.0 / 64,
     _mlir_ciface_mlp_forward_backward_f32, _mlir_ciface_mlp_sync_update_f32},
};

/* The global problem: scaled small integers, the weights rounded to f32 so
 * that the direct computation starts from the values the step gets. */
static double X[B][D], T[B][O], W1[D][H], W2[H][O];
/* The direct computation: outputs, hidden layer, updated weights. */
static double Y[B][O], Hd[B][H], NW1[D][H], NW2[H][O];

static void fillInputs(const Variant *v) {
  for (int b = 0; b < B; ++b)
    for (int d = 0; d < D; ++d)
      X[b][d] = v->scale[0] * ((3 * b + 5 * d) % 5 - 2);
  for (int b = 0; b < B; ++b)
    for (int o = 0; o < O; ++o)
      T[b][o] = v->scale[1] * ((b + o) % 3 - 1);
  for (int d = 0; d < D; ++d)
    for (int h = 0; h < H; ++h)
      W1[d][h] = (float)(v->scale[2] * ((7 * d + 3 * h) % 5 - 2));
  for (int h = 0; h < H; ++h)
    for (int o = 0; o < O; ++o)
      W2[h][o] = (float)(v->scale[3] * ((2 * h + 5 * o + 1) % 5 - 2));
}

/* z = X W1, h = relu(z), y = h W2, dy = y - T, dW2 = h^T dy,
 * dz = (dy W2^T) * (z > 0), dW1 = X^T dz, W -= lr dW: the step on one
 * process, for the whole batch. */
static void directStep(double lr) {
  static double Z[B][H], DY[B][O], DZ[B][H];
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h) {
      double s = 0;
      for (int d = 0; d < D; ++d)
        s += X[b][d] * W1[d][h];
      Z[b][h] = s;
      Hd[b][h] = s > 0 ? s : 0;
    }
  for (int b = 0; b < B; ++b)
    for (int o = 0; o < O; ++o) {
      double s = 0;
      for (int h = 0; h < H; ++h)
        s += Hd[b][h] * W2[h][o];
      Y[b][o] = s;
      DY[b][o] = s - T[b][o];
    }
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h) {
      double s = 0;
      for (int o = 0; o < O; ++o)
        s += DY[b][o] * W2[h][o];
      DZ[b][h] = Z[b][h] > 0 ? s : 0;
    }
  for (int h = 0; h < H; ++h)
    for (int o = 0; o < O; ++o) {
      double s = 0;
      for (int b = 0; b < B; ++b)
        s += Hd[b][h] * DY[b][o];
      NW2[h][o] = W2[h][o] - lr * s;
    }
  for (int d = 0; d < D; ++d)
    for (int h = 0; h < H; ++h) {
      double s = 0;
      for (int b = 0; b < B; ++b)
        s += X[b][d] * DZ[b][h];
      NW1[d][h] = W1[d][h] - lr * s;
    }
}

/* Rows r0.. and columns c0.. of the rows x cols block of `src` (a matrix of
 * `ld` columns) as a row-major memref of the variant's type, in `data`. */
static Desc2 block(const Variant *v, void *data, const double *src, int ld,
                   int r0, int c0, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      double x = src[(r0 + r) * ld + c0 + c];
      if (v->isFloat)
        ((float *)data)[r * cols + c] = (float)x;
      else
        ((int32_t *)data)[r * cols + c] = (int32_t)x;
    }
  Desc2 d = {data, data, 0, {rows, cols}, {cols, 1}};
  return d;
}

static double at(const Variant *v, const Desc2 *d, int r, int c) {
  int64_t k = d->offset + r * d->strides[0] + c * d->strides[1];
  return v->isFloat ? ((const float *)d->aligned)[k]
                    : ((const int32_t *)d->aligned)[k];
}

static int wrong, checked;
static double sum;
/* Compares result `d` (rows x cols) with the direct result `expect` (a
 * matrix of `ld` columns) from row r0, column c0. */
static void check(const Variant *v, const Desc2 *d, int rows, int cols,
                  const double *expect, int ld, int r0, int c0) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      double got = at(v, d, r, c), want = expect[(r0 + r) * ld + c0 + c];
      wrong += v->isFloat ? fabs(got - want) > 1e-5 * (1 + fabs(want))
                          : got != want;
      sum += got;
      ++checked;
    }
}

static void freeResults(StepResults *s, SyncResults *u) {
  Desc2 *all[] = {&s->y, &s->hidden, &s->dw1, &s->dw2, &u->w1, &u->w2};
  for (size_t n = 0; n < sizeof all / sizeof *all; ++n)
    free(all[n]->allocated);
}

/* Runs and checks one variant on device (i, j); returns its wrong count. */
static int runVariant(const Variant *v, int rank, int timing) {
  int i = rank / MODEL, j = rank % MODEL;
  fillInputs(v);
  directStep(v->lr);
  /* This device's shards: batch half i, target row j of it, columns HL*j..
   * of W1, rows HL*j.. of W2; 4-byte elements (malloc: no declared type,
   * so that they hold int32_t or float). */
  void *x = malloc(4 * BL * D), *t = malloc(4 * BR * O);
  void *w1 = malloc(4 * D * HL), *w2 = malloc(4 * HL * O);
  Desc2 xd = block(v, x, &X[0][0], D, BL * i, 0, BL, D);
  Desc2 td = block(v, t, &T[0][0], O, BL * i + BR * j, 0, BR, O);
  Desc2 w1d = block(v, w1, &W1[0][0], H, 0, HL * j, D, HL);
  Desc2 w2d = block(v, w2, &W2[0][0], O, HL * j, 0, HL, O);

  StepResults step;
  SyncResults sync;
  v->step(&step, &xd, &td, &w1d, &w2d);
  v->sync(&sync, &w1d, &w2d, &step.dw1, &step.dw2);
  wrong = checked = 0;
  sum = 0;
  check(v, &step.y, BR, O, &Y[0][0], O, BL * i + BR * j, 0);
  check(v, &step.hidden, BL, H, &Hd[0][0], H, BL * i, 0);
  check(v, &sync.w1, D, HL, &NW1[0][0], H, 0, HL * j);
  check(v, &sync.w2, HL, O, &NW2[0][0], O, HL * j, 0);
  freeResults(&step, &sync);
  if (wrong)
    printf("mlp %s rank %d: FAIL (%d wrong of %d)\n", v->name, rank, wrong,
           checked);
  else
    printf("mlp %s rank %d: ok (%d values, sum %.6f)\n", v->name, rank,
           checked, sum);

  if (timing) {
    enum { REPS = 200 };
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int k = 0; k < REPS; ++k) {
      v->step(&step, &xd, &td, &w1d, &w2d);
      v->sync(&sync, &w1d, &w2d, &step.dw1, &step.dw2);
      freeResults(&step, &sync);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
      fprintf(stderr, "mlp %s: %.1f us per step (%d steps, 8 ranks)\n",
              v->name, (MPI_Wtime() - start) / REPS * 1e6, REPS);
  }
  free(x);
  free(t);
  free(w1);
  free(w2);
  return wrong;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size != DATA * MODEL) {
    if (rank == 0)
      fprintf(stderr, "mlp: needs %d ranks, got %d\n", DATA * MODEL, size);
    MPI_Finalize();
    return 1;
  }
  int timing = argc > 1 && strcmp(argv[1], "--time") == 0;
  int failed = 0;
  for (size_t n = 0; n < sizeof variants / sizeof *variants; ++n)
    failed |= runVariant(&variants[n], rank, timing) != 0;
  MPI_Finalize();
  return failed;
}
