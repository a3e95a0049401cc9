#!/usr/bin/env node
// The other direction: tsshogi writes the games of TRUTH (gen_games.py) as KIF, KI2, CSA and
// JKF into OUT/tsshogi/<format>/, for shogi-tool to read (read_tool.py).
// usage: node write_node.mjs TRUTH.json OUT      (run from the folder holding node_modules)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(process.cwd(), 'x.js'));
const ts = await import(require.resolve('tsshogi'));
const [truthPath, out] = process.argv.slice(2);
const truth = JSON.parse(fs.readFileSync(truthPath, 'utf8'));

const SPECIAL = {
  resign: 'resign', mate: 'mate', abort: 'interrupt', repetition: 'repetitionDraw',
  impasse: 'impass', timeout: 'timeout', declaration: 'enteringOfKing', foul: 'foulLose',
  draw: 'draw',
};
const FORMATS = {
  kif: r => ts.exportKIF(r), ki2: r => ts.exportKI2(r), csa: r => ts.exportCSA(r),
  jkf: r => ts.exportJKFString(r),
};
let written = 0;
for (const t of truth) {
  const rec = ts.Record.newByUSI(`sfen ${t.sfen} moves ${t.moves.join(' ')}`);
  if (rec instanceof Error) throw rec;
  rec.metadata.setStandardMetadata(ts.RecordMetadataKey.BLACK_NAME, t.black);
  rec.metadata.setStandardMetadata(ts.RecordMetadataKey.WHITE_NAME, t.white);
  for (let ply = 1; ply <= t.moves.length; ply++) {
    rec.goto(ply);
    if (t.comments[ply]) rec.current.comment = t.comments[ply];
    if (t.times[ply]) rec.current.setElapsedMs(t.times[ply] * 1000);
  }
  rec.goto(t.moves.length);
  if (t.ending) rec.append(ts.specialMove(SPECIAL[t.ending]));
  for (const [fmt, write] of Object.entries(FORMATS)) {
    const dir = path.join(out, 'tsshogi', fmt);
    fs.mkdirSync(dir, { recursive: true });
    // UTF-8 everywhere; KIF/KI2 declare nothing, so they are named .kifu / .ki2u
    const ext = { kif: 'kifu', ki2: 'ki2u', csa: 'csa', jkf: 'jkf' }[fmt];
    fs.writeFileSync(path.join(dir, `${t.id}.${ext}`), write(rec));
    written++;
  }
}
console.error(`tsshogi wrote ${written} files`);
