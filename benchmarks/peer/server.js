// boardgame.io 0.50.2 serving Race to 21 with bgio-postgres as its storage: the peer
// benchmark's other server (benchmarks/peer_bench.py starts it, one process, and stops it).
//   PORT=8123 DATABASE_URL=postgres://... node benchmarks/peer/server.js  (lobby API on the same port)
const { Server } = require('boardgame.io/server');
const { PostgresStore } = require('bgio-postgres');
const { Race } = require('./race.js');

const db = new PostgresStore(process.env.DATABASE_URL, { logging: false });
const server = Server({ games: [Race], db, origins: ['http://127.0.0.1'] });
server.run(Number(process.env.PORT));
