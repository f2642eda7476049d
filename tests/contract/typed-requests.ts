// Every request README.md shows, typed with what openapi-typescript generates from openapi.yaml
// with its default options, and typed reads of the answers: a front-end team's first use of
// the spec. scripts/contract-check.sh generates the types into build/ (never committed) and
// compiles this file with `tsc --strict --noEmit`; a schema whose generated type rejects a
// README request, or loses a field of an answer, fails there.
import type { components, paths } from "../../build/openapi-types/openapi.js";

type Body<P extends keyof paths> = paths[P] extends {
  post: { requestBody?: { content: { "application/json": infer B } } };
}
  ? B
  : never;
type Answer<P extends keyof paths> = paths[P] extends {
  post: { responses: { 200: { content: { "application/json": infer A } } } };
}
  ? A
  : never;
type Schemas = components["schemas"];

const JAM1_GRID = ["bb...g", "a..c.g", "axxc.g", "a..c..", "e...ff", "e.ddd."];
const HARDEST = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM.";

// JSON vehicles (Jam 1): examples/jam01.json.
export const vehicles: Body<"/v1/solve"> = {
  board_size: 6,
  exit_row: 2,
  vehicles: [
    { id: "X", row: 2, col: 1, length: 2, orientation: "H" },
    { id: "A", row: 0, col: 0, length: 2, orientation: "H" },
    { id: "B", row: 1, col: 0, length: 3, orientation: "V" },
    { id: "C", row: 4, col: 0, length: 2, orientation: "V" },
    { id: "D", row: 1, col: 3, length: 3, orientation: "V" },
    { id: "E", row: 5, col: 2, length: 3, orientation: "H" },
    { id: "F", row: 4, col: 4, length: 2, orientation: "H" },
    { id: "G", row: 0, col: 5, length: 3, orientation: "V" },
  ],
};
// A grid, with options: the fewest slides, by A* (README's example 2).
export const gridWithOptions: Body<"/v1/solve"> = {
  grid: JAM1_GRID,
  options: { metric: "slides", algorithm: "astar" },
};
// The database notation.
export const board: Body<"/v1/solve"> = { board: HARDEST };
// A text board as plain text.
export const text: paths["/v1/solve"]["post"]["requestBody"]["content"]["text/plain"] =
  JAM1_GRID.join("\n") + "\n";
// A hint.
export const hint: Body<"/v1/hint"> = { board: HARDEST };
// The first three moves only.
export const firstMoves: Body<"/v1/solve"> = { grid: JAM1_GRID, options: { max_moves_returned: 3 } };
// A batch: shared options, a puzzle's own options override them.
export const batch: Body<"/v1/solve/batch"> = {
  puzzles: [{ board: HARDEST }, { grid: JAM1_GRID, options: { metric: "slides" } }, { board: "BCDDE" }],
  options: { algorithm: "astar" },
};
// A player's moves checked (docs/api.md).
export const verify: Body<"/v1/verify"> = {
  grid: JAM1_GRID,
  moves: [
    { vehicle: "b", direction: "right", distance: 1 },
    { vehicle: "x", direction: "right", distance: 1 },
  ],
  options: { timeout_ms: 2000 },
};
// A bank puzzle named by its id in place of the board (docs/api.md).
export const verifyById: Body<"/v1/verify"> = {
  id: "6AAAAAWAEAAAAC",
  moves: [
    { vehicle: "B", direction: "left", distance: 1 },
    { vehicle: "C", direction: "up", distance: 2 },
    { vehicle: "A", direction: "right", distance: 4 },
  ],
};
export const hintById: Body<"/v1/hint"> = { id: "6qEEgucAESQ" };
// The whole state space.
export const analyze: Body<"/v1/analyze"> = { board: HARDEST, options: { metric: "moves" } };
// A new 6x6 puzzle.
export const generate: Body<"/v1/generate"> = { min_moves: 20, seed: 7 };
// An invalid puzzle: the spec refuses it (row is a string), so it is only `unknown`.
export const invalid: unknown = {
  vehicles: [
    { id: "X", row: "2", col: 0, length: 2, orientation: "H" },
    { id: "A", row: 2, col: 1, length: 7, orientation: "V" },
  ],
};

// The types refuse what the spec refuses: each line must be a compile error.
// @ts-expect-error analysis options have no algorithm
export const analyzeAlgorithm: Body<"/v1/analyze"> = { board: HARDEST, options: { algorithm: "bfs" } };
// @ts-expect-error an unknown option
export const unknownOption: Body<"/v1/solve"> = { board: HARDEST, options: { speed: 1 } };
// @ts-expect-error a direction is up, down, left or right
export const badDirection: Body<"/v1/verify"> = { board: HARDEST, moves: [{ vehicle: "A", direction: "north", distance: 1 }] };
// @ts-expect-error verify searches in the moves metric only
export const verifyMetric: Body<"/v1/verify"> = { board: HARDEST, moves: [], options: { metric: "slides" } };
// @ts-expect-error a batch's puzzles are boards: an id is not one
export const batchById: Body<"/v1/solve/batch"> = { puzzles: [{ id: "6qEEgucAESQ" }] };
// @ts-expect-error the metric is moves or slides
export const badMetric: Body<"/v1/generate"> = { metric: "cells" };

// Typed reads of the answers.
export function moveCount(doc: Answer<"/v1/solve">): number | undefined {
  const status: "solved" | "unsolvable" = doc.status;
  return status === "solved" ? doc.solution?.move_count : undefined;
}
export function notations(doc: Answer<"/v1/solve/batch">): string[] {
  return doc.results.map((r) => ("solution" in r && r.solution ? r.solution.notation : r.status.toString()));
}
export function startDistance(doc: Answer<"/v1/analyze">): number {
  return doc.start_distance + doc.histogram.length + doc.hardest.distance;
}
export function generated(doc: Answer<"/v1/generate">): Body<"/v1/solve"> {
  const puzzle: Schemas["GeneratedPuzzle"] = doc.puzzle;
  // The generated puzzle is a solve request as it stands.
  return { ...puzzle, options: { algorithm: doc.metric === "moves" ? "bfs" : "astar", metric: doc.metric } };
}
export function verdict(doc: Answer<"/v1/verify">): string {
  if (!doc.legal) return `move ${doc.first_illegal ?? -1}: ${doc.reason?.code ?? ""}`;
  const best: number | null = doc.optimal_move_count;
  return doc.optimal ? "optimal!" : `${doc.move_count} moves, the best is ${best ?? "unknown"}`;
}
export function verifiedId(doc: Answer<"/v1/verify">): string | undefined {
  // Echoed when the request named its puzzle by id.
  return doc.id;
}
export function problemFields(doc: Schemas["ValidationProblem"]): string[] {
  return (doc.errors ?? []).map((e) => `${e.field}: ${e.message}`);
}

// The puzzle bank's GET routes: typed query parameters and answers.
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never;
type GetAnswer<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { "application/json": infer A } } } };
}
  ? A
  : never;
export const puzzlesQuery: Query<"/v1/puzzles"> = { min_moves: 40, max_moves: 51, walls: "0", count: 5, seed: 7 };
export const dailyQuery: Query<"/v1/puzzles/daily"> = { date: "2026-11-24", metric: "moves" };
export function bankBoards(doc: GetAnswer<"/v1/puzzles">): Body<"/v1/solve">[] {
  // Each stored puzzle is a solve request as it stands.
  return doc.puzzles.map((p) => ({ board: p.board }));
}
export function dailyMoves(doc: GetAnswer<"/v1/puzzles/daily">): number | null {
  return doc.puzzle ? doc.puzzle.moves : null;
}
export function longest(doc: GetAnswer<"/v1/puzzles/stats">): number {
  return doc.max_moves + Object.keys(doc.by_moves).length;
}
export function source(doc: Answer<"/v1/generate">): "bank" | "search" {
  return doc.source;
}

// Puzzle ids: strings, the same in every bank; one path parameter finds a puzzle.
type PathParams<P extends keyof paths> = paths[P] extends { parameters: { path: infer A } } ? A : never;
export const byId: PathParams<"/v1/puzzles/{id}"> = { id: "6qEEgucAESQ" };
// @ts-expect-error an id is a string, no longer the row number it was
export const numericId: PathParams<"/v1/puzzles/{id}"> = { id: 12 };
export function links(doc: GetAnswer<"/v1/puzzles">): string[] {
  const ids: string[] = doc.puzzles.map((p) => p.id);
  return ids.map((id) => `/v1/puzzles/${id}`);
}
export function sameBoard(doc: GetAnswer<"/v1/puzzles/{id}">, other: Schemas["BankPuzzle"]): boolean {
  return doc.id === other.id && doc.board === other.board;
}
export function bankId(doc: Answer<"/v1/generate">): string | undefined {
  return doc.source === "bank" ? doc.id : undefined;
}
