#!/usr/bin/env node
// Reads every record under OUT/<format>/ with the npm peers (tsshogi, json-kifu-format) and
// prints what each read, one JSON object a line (compared with the truth by compare.py):
//   {peer, format, id, error | sfen, moves, ending, black, white, comments, times}
// usage: node read_node.mjs OUT            (run from the folder holding node_modules)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(process.cwd(), 'x.js'));
const ts = await import(require.resolve('tsshogi'));
const { JKFPlayer } = require('json-kifu-format');
const sjis = new TextDecoder('shift_jis');
const OUT = process.argv[2];

function text(file) {
  const buf = fs.readFileSync(file);
  if (file.endsWith('.kif') || file.endsWith('.ki2')) return sjis.decode(buf);
  return buf.toString('utf8').replace(/^\uFEFF/, '');
}

const TS_ENDING = {
  resign: 'resign', mate: 'mate', interrupt: 'abort', repetitionDraw: 'repetition',
  impass: 'impasse', timeout: 'timeout', enteringOfKing: 'declaration', foulLose: 'foul',
  foulWin: 'foul', draw: 'draw', maxMoves: 'max_moves',
};
const JKF_ENDING = {
  TORYO: 'resign', TSUMI: 'mate', CHUDAN: 'abort', SENNICHITE: 'repetition',
  JISHOGI: 'impasse', TIME_UP: 'timeout', KACHI: 'declaration', ILLEGAL_MOVE: 'foul',
  '+ILLEGAL_ACTION': 'foul', '-ILLEGAL_ACTION': 'foul', HIKIWAKE: 'draw', MAX_MOVES: 'max_moves',
};
const LETTER = { FU: 'P', KY: 'L', KE: 'N', GI: 'S', KI: 'G', KA: 'B', HI: 'R' };

function fromTsshogi(rec) {
  const r = { sfen: rec.initialPosition.sfen, moves: [], ending: null, comments: {}, times: {} };
  r.black = ts.getBlackPlayerName(rec.metadata) ?? null;
  r.white = ts.getWhitePlayerName(rec.metadata) ?? null;
  let ply = 0;
  for (const node of rec.moves) {
    const c = (node.comment || '').replace(/\n+$/, '');
    if (node.move instanceof ts.Move) {
      ply++;
      r.moves.push(node.move.usi);
      if (c) r.comments[ply] = c;
      if (node.elapsedMs) r.times[ply] = node.elapsedMs / 1000;
    } else if (node.move.type !== 'start') {
      r.ending = TS_ENDING[node.move.type] ?? node.move.type;
    }
  }
  return r;
}

function usiSquare(p) {
  return `${p.x}${String.fromCharCode(96 + p.y)}`;
}

function fromJkf(player) {
  const k = player.kifu;
  const r = { moves: [], ending: null, comments: {}, times: {} };
  r.sfen = player.shogi.toSFENString(1);
  r.black = k.header['先手'] ?? k.header['下手'] ?? null;
  r.white = k.header['後手'] ?? k.header['上手'] ?? null;
  let ply = 0;
  for (let i = 1; i < k.moves.length; i++) {
    const m = k.moves[i];
    if (m.move) {
      ply++;
      const mv = m.move;
      r.moves.push(mv.from ? usiSquare(mv.from) + usiSquare(mv.to) + (mv.promote ? '+' : '')
        : `${LETTER[mv.piece]}*${usiSquare(mv.to)}`);
      if (m.comments && m.comments.length) r.comments[ply] = m.comments.join('\n');
      if (m.time && m.time.now) r.times[ply] = (m.time.now.h || 0) * 3600 + m.time.now.m * 60 + m.time.now.s;
    } else if (m.special) {
      r.ending = JKF_ENDING[m.special] ?? m.special;
    }
  }
  return r;
}

const READERS = {
  tsshogi: {
    kif: t => ts.importKIF(t), kifu: t => ts.importKIF(t), ki2: t => ts.importKI2(t),
    csa: t => ts.importCSA(t), jkf: t => ts.importJKFString(t),
    sfen: t => ts.Record.newByUSI(t.trim()),
  },
  'json-kifu-format': {
    kif: t => JKFPlayer.parseKIF(t), kifu: t => JKFPlayer.parseKIF(t),
    ki2: t => JKFPlayer.parseKI2(t), csa: t => JKFPlayer.parseCSA(t),
    jkf: t => JKFPlayer.parseJKF(t),
  },
};

for (const [peer, fmts] of Object.entries(READERS)) {
  for (const [fmt, read] of Object.entries(fmts)) {
    const dir = path.join(OUT, fmt);
    if (!fs.existsSync(dir)) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      const id = name.replace(/\..*$/, '');
      let row;
      try {
        const got = read(text(path.join(dir, name)));
        if (got instanceof Error) throw got;
        row = peer === 'tsshogi' ? fromTsshogi(got) : fromJkf(got);
      } catch (e) {
        row = { error: String(e && e.message ? e.message : e).slice(0, 160) };
      }
      console.log(JSON.stringify({ peer, format: fmt, id, ...row }));
    }
  }
}
