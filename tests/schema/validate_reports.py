#!/usr/bin/env python3
"""Runs arbiter on inputs that reach every kind of JSON object and field it writes, and validates
each object against the schemas shipped in schemas/. Also checks that the schemas document every
field (a description each) and that they reject what they must (unknown fields, wrong types), so
that this test can fail. Usage: validate_reports.py ARBITER PROJECT_DIR"""
import atexit, copy, json, os, shutil, subprocess, sys, tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("python3-jsonschema is missing: run scripts/setup (Debian package python3-jsonschema)")

arbiter, root = sys.argv[1], sys.argv[2]
schemas = {name: json.load(open(os.path.join(root, "schemas", f"arbiter-{name}.schema.json"), encoding="utf-8"))
           for name in ("check", "clean", "codes")}
validators = {}
for name, schema in schemas.items():
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validators[name] = cls(schema)

failures = []

def fail(message):
    failures.append(message)
    print("FAIL:", message, file=sys.stderr)

def validate(name, obj, where):
    errors = sorted(validators[name].iter_errors(obj), key=lambda e: list(e.absolute_path))
    for e in errors[:5]:
        if e.context:  # oneOf: name the error inside the branch that fits best
            e = jsonschema.exceptions.best_match(e.context)
        fail(f"{where}: /{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
    return not errors

def run(args, stdin=None, stream="stdout"):
    p = subprocess.run([arbiter] + args, input=stdin, capture_output=True)
    if p.returncode not in (0, 1):
        fail(f"arbiter {' '.join(args)}: exit status {p.returncode}: {p.stderr[:500]!r}")
    text = (p.stdout if stream == "stdout" else p.stderr).decode("utf-8")  # must be UTF-8
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]

# Every property of every schema object is described.
def walk(node, path):
    if isinstance(node, dict):
        for key, sub in node.get("properties", {}).items():
            if "description" not in sub:
                fail(f"schema {path}/properties/{key}: no description")
        for key, sub in node.items():
            walk(sub, f"{path}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            walk(sub, f"{path}/{i}")
for name, schema in schemas.items():
    walk(schema, name)

tmp = tempfile.mkdtemp(prefix="arbiter-schema-")
atexit.register(shutil.rmtree, tmp, True)
def write(name, data):
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data)
    return path

games = write("games.pgn", b"".join([
    # identity with escapes and a Latin-1 name; a checkmate; a wrong result
    b'[Event "Club \\"A\\""]\n[Site ""]\n[Date "2024.01.02"]\n[Round "1"]\n[White "M\xfcller"]\n[Black "B"]\n'
    b'[Result "1/2-1/2"]\n[Termination "Normal"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n\n',
    # a threefold claim and an illegal move, no tags but Event
    b'[Event "claims"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Ke3 *\n\n',
    # syntax trouble and no result marker
    b'[Event "syntax"]\n\n1. e4 ) e5 2. Qz9\n\n',
    # an unreadable FEN: no final position
    b'[Event "fen"]\n[SetUp "1"]\n[FEN "this is no fen"]\n\n1. e4 *\n\n',
    # Chess960 castling
    b'[Event "960"]\n[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"]\n\n9. g3 O-O *\n\n',
    # an unsupported variant: skipped
    b'[Event "zh"]\n[Variant "Crazyhouse"]\n\n1. e4 *\n\n',
    # a game too large for --max-game-bytes 300
    b'[Event "big"]\n\n1. e4 {' + b'x' * 400 + b'} *\n\n',
    # clocks and a time control (an extension form), a clock in tenths and one player without clocks
    b'[Event "clocks"]\n[TimeControl "40/5400+30:1800+30"]\n\n1. e4 { [%clk 1:30:20.5] } e5 2. Nf3 { [%clk 1:29:00] } *\n\n',
    # a legal, valid game
    b'[Event "ok"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
]))
positions = write("positions.epd", b"".join([
    b'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start";\n',
    b'7k/6Q1/6K1/8/8/8/8/8 b - - id "mated";\n',
    b'8/8/8/8/8/8/8/K6k w - - id "dead"; hmvc x;\n',
    b'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Qh5; id "bad move";\n',
    b'8/8/8/8/8/8/8/8 w - - id "no kings";\n',
]))
sample = os.path.join(root, "data", "sample.pgn")

lines = []
# A shard's report (with its {"type":"shard"} record), and merge's output of it.
shard_reports = []
for k in (1, 2):
    shard_reports.append(os.path.join(tmp, f"shard{k}.json"))
    with open(shard_reports[-1], "wb") as f:
        f.write(subprocess.run([arbiter, "check", "--format", "json", "--all-games", "--shard", f"{k}/2", sample],
                               capture_output=True).stdout)
# A zstd file of many frames (cut every 400 bytes): its shard records carry decompressed_bytes.
with open(sample, "rb") as f:
    text = f.read()
multi = write("multi.pgn.zst", b"".join(subprocess.run(["zstd", "-q", "-c"], input=text[at:at + 400],
                                                      capture_output=True, check=True).stdout
                                       for at in range(0, len(text), 400)))
for args in (["check", "--format", "json", "--all-games", "-v", "--max-game-bytes", "300", games],
             ["check", "--format", "json", "--all-games", "--shard", "2/3", multi],
             ["check", "--format", "json", "--all-games", sample],
             ["check", "--format", "json", "--rules", "lichess", "--laws", "current", sample],
             ["check", "--format", "json", "--all-games", positions],
             ["check", "--format", "json", "--all-games", games, positions, sample],
             ["check", "--format", "json", "--max-diagnostics", "1", games],
             ["check", "--format", "json", "--all-games", "--shard", "1/2", sample],
             ["merge", "--format", "json"] + shard_reports):
    got = run(args)
    if not got or got[-1].get("type") != "summary":
        fail(f"arbiter {' '.join(args)}: no summary line")
    lines += [(f"arbiter {' '.join(args[1:])}", obj) for obj in got]
for where, obj in lines:
    validate("check", obj, f"{where}: {obj.get('type')} {obj.get('index', '')}")

# Every kind of object and the optional fields were reached (else the inputs above lost coverage).
kinds = {obj.get("type") for _, obj in lines}
for kind in ("game", "position", "summary", "shard"):
    if kind not in kinds:
        fail(f"no {kind} object in the reports")
if not any("decompressed_bytes" in obj for _, obj in lines):
    fail("no shard record of a zstd file of many frames")
seen = set()
for _, obj in lines:
    if obj.get("type") == "game":
        seen |= {f"tags.{k}" for k in obj["tags"]}
        if obj["time"] and obj["time"]["control"] and obj["time"]["last_clock"]["white"] is not None:
            seen.add("time")
        seen |= {"end" if obj["end"] else "no end", "claims" if obj["claims"] else "no claims",
                 "skipped" if obj["skipped"] else "ruled", "null fen" if obj["final_fen"] is None else "fen",
                 "chess960" if obj["variant"] == "chess960" else "standard"}
    if obj.get("type") == "summary" and "positions" in obj:
        seen.add("positions summary")
for needed in ["tags.Event", "tags.Site", "tags.Date", "tags.Round", "tags.White", "tags.Black", "tags.Result",
               "tags.Termination", "time", "end", "claims", "skipped", "null fen", "chess960", "positions summary"]:
    if needed not in seen:
        fail(f"the inputs never produced {needed}")

# Codes: the catalogue validates, and every code and reason in the reports is in it.
catalogue = run(["codes", "--json"])
for obj in catalogue:
    validate("codes", obj, f"codes --json: {obj.get('code')}")
known = {(c["code"], r["reason"]) for c in catalogue for r in c["reasons"]} | {(c["code"], None) for c in catalogue}
for where, obj in lines:
    for d in obj.get("diagnostics", []):
        if (d["code"], d["reason"]) not in known:
            fail(f"{where}: {d['code']}/{d['reason']} is not in the catalogue")

# clean's summary, to stdout (-o FILE) and to stderr (-o -).
out = os.path.join(tmp, "out.pgn")
for args, stream in ((["clean", "--format", "json", games, "-o", out, "--rejects", os.path.join(tmp, "rej.pgn")], "stdout"),
                     (["clean", "--format", "json", "--fix-results", "--drop-moves-after-end", sample, "-o", "-"], "stderr"),
                     (["clean", "--format", "json", positions, "-o", out], "stdout")):
    got = run(args, stream=stream)
    if len(got) != 1:
        fail(f"arbiter {' '.join(args)}: {len(got)} JSON objects, not 1")
    for obj in got:
        validate("clean", obj, f"arbiter {' '.join(args[1:])}")

# The schemas must reject what they do not describe: this test can fail.
game = next(obj for _, obj in lines if obj.get("type") == "game" and obj["diagnostics"])
bad = []
for mutate in (lambda o: o.__setitem__("undocumented", 1),
               lambda o: o.__setitem__("line", "12"),
               lambda o: o["tags"].__setitem__("WhiteElo", "2700"),
               lambda o: o["diagnostics"][0].__setitem__("severity", "fatal"),
               lambda o: o["diagnostics"][0].pop("column"),
               lambda o: o["result"].__setitem__("expected", "2-0"),
               lambda o: o.__setitem__("type", "gmae")):
    copy_ = copy.deepcopy(game)
    mutate(copy_)
    if validators["check"].is_valid(copy_):
        fail(f"the check schema accepts a wrong game object: {json.dumps(copy_)[:200]}")

if failures:
    print(f"{len(failures)} schema failures", file=sys.stderr)
    sys.exit(1)
print(f"ok: {len(lines)} check objects, {len(catalogue)} codes and 3 clean summaries validate against schemas/")
