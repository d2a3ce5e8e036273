// Race to 21 without the house, as a boardgame.io game: the same game this site plays in
// benchmarks/peer_race.py. Two players add 1, 2 or 3 to a shared total in turn; whoever
// brings it to 21 wins.
const { INVALID_MOVE } = require('boardgame.io/core');

const TARGET = 21;

const Race = {
  name: 'race21',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ total: 0, target: TARGET }),
  moves: {
    add: ({ G }, n) => {
      if (![1, 2, 3].includes(n)) return INVALID_MOVE;
      G.total += n;
      return undefined;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  endIf: ({ G, ctx }) => (G.total >= G.target ? { winner: ctx.currentPlayer } : undefined),
};

module.exports = { Race, TARGET };
