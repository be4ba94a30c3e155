/*===- main.c - Runs the compiled MLP training step and checks it ---------===*
 *
 * Rank r is device (i, j) = (r / 4, r % 4) of the 2x4 grid of mlp.mlir:
 * data shard i, model shard j. Every rank builds its part of deterministic
 * global inputs (batch X [8x8], targets T [8x4], weights W1 [8x8], W2
 * [8x4]), runs the step (mlp_forward_backward, then mlp_sync_update), and
 * compares each result element with a direct single-process computation of
 * the whole step. Prints "mlp rank <r>: ok (<n> values, sum <s>)" or
 * "mlp rank <r>: FAIL (<k> wrong of <n>)"; exits 1 on a failure.
 * With --time, rank 0 also prints the average time of a step on stderr.
 *
 *===----------------------------------------------------------------------===*/

#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { B = 8, D = 8, H = 8, O = 4, DATA = 2, MODEL = 4 };
enum { BL = B / DATA, HL = H / MODEL, BR = BL / MODEL };

/* A memref descriptor of rank 2. */
typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} Desc2;

typedef struct {
  Desc2 y, hidden, dw1, dw2;
} StepResults;
typedef struct {
  Desc2 w1, w2;
} SyncResults;

void _mlir_ciface_mlp_forward_backward(StepResults *, Desc2 *x, Desc2 *t,
                                       Desc2 *w1, Desc2 *w2);
void _mlir_ciface_mlp_sync_update(SyncResults *, Desc2 *w1, Desc2 *w2,
                                  Desc2 *dw1, Desc2 *dw2);

/* The global problem: small integers, so that i32 is exact. */
static int32_t X[B][D], T[B][O], W1[D][H], W2[H][O];
/* The direct computation: outputs, hidden layer, updated weights. */
static int32_t Y[B][O], Hd[B][H], NW1[D][H], NW2[H][O];

static void fillInputs(void) {
  for (int b = 0; b < B; ++b)
    for (int d = 0; d < D; ++d)
      X[b][d] = (3 * b + 5 * d) % 5 - 2;
  for (int b = 0; b < B; ++b)
    for (int o = 0; o < O; ++o)
      T[b][o] = (b + o) % 3 - 1;
  for (int d = 0; d < D; ++d)
    for (int h = 0; h < H; ++h)
      W1[d][h] = (7 * d + 3 * h) % 5 - 2;
  for (int h = 0; h < H; ++h)
    for (int o = 0; o < O; ++o)
      W2[h][o] = (2 * h + 5 * o + 1) % 5 - 2;
}

/* y = relu(X W1) W2, dy = y - T, dW2 = h^T dy, dz = (dy W2^T) * (z > 0),
 * dW1 = X^T dz, W -= dW: the step on one process, the whole batch. */
static void directStep(void) {
  static int32_t Z[B][H], DY[B][O], DZ[B][H];
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h) {
      int32_t s = 0;
      for (int d = 0; d < D; ++d)
        s += X[b][d] * W1[d][h];
      Z[b][h] = s;
      Hd[b][h] = s > 0 ? s : 0;
    }
  for (int b = 0; b < B; ++b)
    for (int o = 0; o < O; ++o) {
      int32_t s = 0;
      for (int h = 0; h < H; ++h)
        s += Hd[b][h] * W2[h][o];
      Y[b][o] = s;
      DY[b][o] = s - T[b][o];
    }
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h) {
      int32_t s = 0;
      for (int o = 0; o < O; ++o)
        s += DY[b][o] * W2[h][o];
      DZ[b][h] = Z[b][h] > 0 ? s : 0;
    }
  for (int h = 0; h < H; ++h)
    for (int o = 0; o < O; ++o) {
      int32_t s = 0;
      for (int b = 0; b < B; ++b)
        s += Hd[b][h] * DY[b][o];
      NW2[h][o] = W2[h][o] - s;
    }
  for (int d = 0; d < D; ++d)
    for (int h = 0; h < H; ++h) {
      int32_t s = 0;
      for (int b = 0; b < B; ++b)
        s += X[b][d] * DZ[b][h];
      NW1[d][h] = W1[d][h] - s;
    }
}

/* A row-major rows x cols matrix as a memref descriptor. */
static Desc2 matrix(int32_t *data, int rows, int cols) {
  Desc2 d = {data, data, 0, {rows, cols}, {cols, 1}};
  return d;
}
static int32_t at(const Desc2 *d, int r, int c) {
  return d->aligned[d->offset + r * d->strides[0] + c * d->strides[1]];
}

static int wrong, checked;
static int64_t sum;
/* Compares result `d` (rows x cols) with the direct result `expect` (a
 * matrix of `ld` columns) from row r0, column c0. */
static void check(const Desc2 *d, int rows, int cols, const int32_t *expect,
                  int ld, int r0, int c0) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      int32_t v = at(d, r, c);
      wrong += v != expect[(r0 + r) * ld + c0 + c];
      sum += v;
      ++checked;
    }
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
  int i = rank / MODEL, j = rank % MODEL;
  fillInputs();
  directStep();

  /* This device's shards: batch half i, target row j of it, columns
   * HL*j.. of W1, rows HL*j.. of W2. */
  int32_t x[BL][D], t[BR][O], w1[D][HL], w2[HL][O];
  for (int b = 0; b < BL; ++b)
    memcpy(x[b], X[BL * i + b], sizeof x[b]);
  for (int b = 0; b < BR; ++b)
    memcpy(t[b], T[BL * i + BR * j + b], sizeof t[b]);
  for (int d = 0; d < D; ++d)
    for (int h = 0; h < HL; ++h)
      w1[d][h] = W1[d][HL * j + h];
  memcpy(w2, W2[HL * j], sizeof w2);
  Desc2 xd = matrix(&x[0][0], BL, D), td = matrix(&t[0][0], BR, O);
  Desc2 w1d = matrix(&w1[0][0], D, HL), w2d = matrix(&w2[0][0], HL, O);

  StepResults step;
  SyncResults sync;
  _mlir_ciface_mlp_forward_backward(&step, &xd, &td, &w1d, &w2d);
  _mlir_ciface_mlp_sync_update(&sync, &w1d, &w2d, &step.dw1, &step.dw2);

  check(&step.y, BR, O, &Y[0][0], O, BL * i + BR * j, 0);
  check(&step.hidden, BL, H, &Hd[0][0], H, BL * i, 0);
  check(&sync.w1, D, HL, &NW1[0][0], H, 0, HL * j);
  check(&sync.w2, HL, O, &NW2[0][0], O, HL * j, 0);
  if (wrong)
    printf("mlp rank %d: FAIL (%d wrong of %d)\n", rank, wrong, checked);
  else
    printf("mlp rank %d: ok (%d values, sum %lld)\n", rank, checked,
           (long long)sum);

  if (timing) {
    enum { REPS = 200 };
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int k = 0; k < REPS; ++k) {
      StepResults s;
      SyncResults u;
      _mlir_ciface_mlp_forward_backward(&s, &xd, &td, &w1d, &w2d);
      _mlir_ciface_mlp_sync_update(&u, &w1d, &w2d, &s.dw1, &s.dw2);
      Desc2 *all[] = {&s.y, &s.hidden, &s.dw1, &s.dw2, &u.w1, &u.w2};
      for (size_t n = 0; n < sizeof all / sizeof *all; ++n)
        free(all[n]->allocated);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
      fprintf(stderr, "mlp: %.1f us per step (%d steps, 8 ranks)\n",
              (MPI_Wtime() - start) / REPS * 1e6, REPS);
  }
  MPI_Finalize();
  return wrong != 0;
}
