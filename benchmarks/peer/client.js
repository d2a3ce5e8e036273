// The one client of the peer benchmark (benchmarks/peer_bench.py): plays Race to 21 on this
// site (websocket, signed-in session cookies) or on boardgame.io (socket.io, the lobby's
// credentials) with the same loop, the same pace and the same moves, so that the two
// servers' figures differ only by the server.
//
//   node benchmarks/peer/client.js PLAN.json > RESULT.json
//
// The plan: {"server": "site"|"bgio"|"relay"|"stored" (the floors, FloorSeat), "port": N, "duration": seconds, "period": seconds
// (0: flat out), "lanes": [[game, ...], ...]}, a game being {"id", "seats": [{"name",
// "cookie"|"credentials"}, two of them]}. Each lane plays its games one after another: both
// seats connect and read the game, then the seat to move adds 1-3 (a seeded choice: lane i's
// game j gets the same numbers on both servers) and waits until it has its answer (the
// site's `ack`; boardgame.io acknowledges nothing, so its own update at the next state) and
// the other seat has the new state; with a period, the next move starts `period` after the
// last one started. The result: every acknowledged move (for the durability check), the
// time to the mover's answer and to the other seat, the last move of each game apart, errors.
// With "connect_only" the seats of each game connect, read the game and close, and nothing
// is played: what opening a game's two sockets costs each server.
'use strict';

const fs = require('fs');
const WebSocket = require('ws');
const { io } = require('socket.io-client');

const MOVE_TIMEOUT_MS = 10000;
const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function seededSteps(seed) {
  let x = (seed * 2654435761) % 4294967296 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return 1 + (x % 3);
  };
}

// One seat's socket: `version` and `state` as the seat last heard them, `waitFor(pred)`.
class Seat {
  constructor() { this.version = -1; this.state = null; this.waiters = []; this.errors = []; }

  heard() {
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve(true);
      return false;
    });
  }

  waitFor(test, ms = MOVE_TIMEOUT_MS) {
    if (test()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { test, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(false);
      }, ms);
    });
  }
}

class SiteSeat extends Seat {
  constructor(port, game, seat) {
    super();
    this.name = seat.name;
    this.replies = new Map();
    this.nextId = 0;
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws/play/${game.id}/`, {
      headers: { Cookie: `sessionid=${seat.cookie}`, Origin: `http://127.0.0.1:${port}` },
      perMessageDeflate: false,
    });
    this.ws.on('message', (raw) => this.take(JSON.parse(raw.toString())));
    this.ws.on('error', (error) => this.errors.push(`socket ${error.message}`));
  }

  take(message) {
    if (message.type === 'update') {
      if (message.version > this.version) { this.version = message.version; this.state = message.view; }
      this.heard();
    } else if (message.type === 'ack' || message.type === 'rejected' || message.type === 'error') {
      const reply = this.replies.get(message.id);
      if (reply) { this.replies.delete(message.id); reply(message); } else if (message.type !== 'ack') {
        this.errors.push(`${message.type} ${message.code}`);
      }
    }
  }

  toMove() { return this.state && this.state.winner === null && this.state.turn === this.name; }

  over() { return this.state && this.state.winner !== null; }

  // Resolves with the version acknowledged, or null (the reason in `errors`).
  move(n) {
    this.nextId += 1;
    const id = this.nextId;
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.replies.delete(id); this.errors.push('no answer'); resolve(null); },
        MOVE_TIMEOUT_MS);
      this.replies.set(id, (message) => {
        clearTimeout(timer);
        if (message.type === 'ack') resolve(message.version);
        else { this.errors.push(`${message.type} ${message.code}`); resolve(null); }
      });
      this.ws.send(JSON.stringify({ type: 'command', id, expected_version: this.version,
        command: { do: 'add', n } }));
    });
  }

  close() { this.ws.close(); }
}

class BgioSeat extends Seat {
  constructor(port, game, seat) {
    super();
    this.name = seat.name;
    this.matchID = game.id;
    this.credentials = seat.credentials;
    this.socket = io(`http://127.0.0.1:${port}/race21`, { forceNew: true, transports: ['websocket'] });
    this.socket.on('connect', () => this.socket.emit('sync', this.matchID, this.name, this.credentials, 2));
    this.socket.on('sync', (matchID, info) => this.hear(info.state));
    this.socket.on('update', (matchID, state) => this.hear(state));
    this.socket.on('connect_error', (error) => this.errors.push(`socket ${error.message}`));
  }

  hear(state) {
    if (state._stateID > this.version) { this.version = state._stateID; this.state = state; }
    this.heard();
  }

  toMove() { return this.state && !this.state.ctx.gameover && this.state.ctx.currentPlayer === this.name; }

  over() { return this.state && Boolean(this.state.ctx.gameover); }

  // boardgame.io answers a move only with the new state, sent to every seat (the mover too):
  // that update is the mover's acknowledgement. Resolves with the state id moved from, or null.
  async move(n) {
    const before = this.version;
    this.socket.emit('update', { type: 'MAKE_MOVE', payload: { type: 'add', args: [n],
      playerID: this.name, credentials: this.credentials } }, before, this.matchID, this.name);
    if (await this.waitFor(() => this.version > before)) return before;
    this.errors.push('no answer');
    return null;
  }

  close() { this.socket.close(); }
}

// The floors (benchmarks/bare_asgi.py): the site's process relays each frame to the room's
// two sockets through the channel layer ("relay"), or stores it first ("stored"); no rules,
// no views. The client keeps the game itself: the mover sends the next state, and hearing it
// back is its answer, as on boardgame.io.
class FloorSeat extends Seat {
  constructor(port, game, seat, kind) {
    super();
    this.name = seat.name;
    const route = { relay: 'group', stored: 'stored', seated: 'seated' }[kind];
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws/bench/${route}/${game.id}/?seat=${seat.name}`, {
      headers: { Cookie: `sessionid=${seat.cookie}`, Origin: `http://127.0.0.1:${port}` },
      perMessageDeflate: false,
    });
    // the relay says nothing at the opening: its socket is a member of the room once open
    this.ws.on('open', () => this.hear({ version: 0, total: 0, turn: 'p1', winner: null }));
    this.ws.on('message', (raw) => this.hear(JSON.parse(raw.toString())));
    this.ws.on('error', (error) => this.errors.push(`socket ${error.message}`));
  }

  hear(state) {
    if (state.version > this.version) { this.version = state.version; this.state = state; }
    this.heard();
  }

  toMove() { return this.state && this.state.winner === null && this.state.turn === this.name; }

  over() { return this.state && this.state.winner !== null; }

  async move(n) {
    const before = this.version;
    const total = this.state.total + n;
    this.ws.send(JSON.stringify({ version: before + 1, total, turn: this.name === 'p1' ? 'p2' : 'p1',
      winner: total >= 21 ? this.name : null }));
    if (await this.waitFor(() => this.version > before)) return before;
    this.errors.push('no answer');
    return null;
  }

  close() { this.ws.close(); }
}

function seatKind(server) {
  if (server === 'site') return SiteSeat;
  if (server === 'bgio') return BgioSeat;
  return class extends FloorSeat { constructor(port, game, seat) { super(port, game, seat, server); } };
}

async function playLane(plan, lane, laneIndex, until, out) {
  const Kind = seatKind(plan.server);
  const period = plan.period * 1000;
  for (let g = 0; g < lane.length && now() < until; g += 1) {
    const game = lane[g];
    const nextStep = seededSteps(laneIndex * 100003 + g + 1);
    const seats = game.seats.map((seat) => new Kind(plan.port, game, seat));
    const opened = await Promise.all(seats.map((s) => s.waitFor(() => s.state !== null)));
    let ok = opened.every(Boolean);
    out.games_opened += 1;
    if (!ok) out.errors.no_first_state = (out.errors.no_first_state || 0) + 1;
    while (ok && !plan.connect_only && now() < until && !seats[0].over()) {
      const mover = seats.find((s) => s.toMove());
      if (!mover) { ok = false; out.errors.no_seat_to_move = (out.errors.no_seat_to_move || 0) + 1; break; }
      const other = seats.find((s) => s !== mover);
      const n = nextStep();
      const before = mover.version;
      const started = now();
      const heardByOther = other.waitFor(() => other.version > before).then((seen) => (seen ? now() : null));
      const answer = await mover.move(n);
      const answered = now();
      const otherAt = await heardByOther;
      await mover.waitFor(() => mover.version > before);
      if (answer === null || otherAt === null) { ok = false; break; }
      out.acked.push([game.id, answer, mover.name, n]);
      const last = mover.over();
      out.answer_ms.push(answered - started);
      (last ? out.last_other_ms : out.other_ms).push(otherAt - started);
      if (last) out.games_finished += 1;
      if (period > 0) await sleep(Math.max(0, period - (now() - started)));
    }
    for (const seat of seats) {
      for (const error of seat.errors) out.errors[error] = (out.errors[error] || 0) + 1;
      seat.close();
    }
  }
  if (now() < until && !plan.connect_only) out.lanes_out += 1;
}

// "idle": every game's seats connect and read their game, then nobody moves for `idle`
// seconds: the client says "opened" and "quiet" on lines of their own around that time,
// for the caller to read the servers' CPU in between, then closes every socket.
async function holdIdle(plan) {
  const Kind = seatKind(plan.server);
  const seats = plan.lanes.flat().flatMap((game) => game.seats.map((seat) => new Kind(plan.port, game, seat)));
  const opened = await Promise.all(seats.map((s) => s.waitFor(() => s.state !== null, 60000)));
  process.stdout.write(`opened ${opened.filter(Boolean).length} of ${seats.length}\n`);
  await sleep(plan.idle * 1000);
  process.stdout.write('quiet\n');
  for (const seat of seats) seat.close();
  await sleep(500);
  process.exit(0);
}

async function main() {
  const plan = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  if (plan.idle) { await holdIdle(plan); return; }
  const out = { acked: [], answer_ms: [], other_ms: [], last_other_ms: [], errors: {},
    games_finished: 0, games_opened: 0, lanes_out: 0 };
  const started = now();
  const until = started + plan.duration * 1000;
  await Promise.all(plan.lanes.map((lane, i) => playLane(plan, lane, i, until, out)));
  out.elapsed = (now() - started) / 1000;
  // exit only once the pipe has taken it all: node writes to a pipe asynchronously, and an
  // exit at once cut a long run's result at 64 KiB
  process.stdout.write(JSON.stringify(out), () => process.exit(0));
}

main();
