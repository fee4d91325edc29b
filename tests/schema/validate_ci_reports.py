#!/usr/bin/env python3
"""Runs `arbiter check` with every CI format on a file with known defects and validates each report
offline: SARIF against the SARIF 2.1.0 schema, GitLab Code Quality against its schema, JUnit with
xmllint against the JUnit XSD (with GitLab's file/line attributes), GitHub workflow commands line by
line. Then compares the formats with the NDJSON report: SARIF results = NDJSON diagnostics one to
one (by fingerprint), JUnit failures = games with errors, GitLab fingerprints unique. Also shows that
each schema rejects a broken report, so that this test can fail.
Usage: validate_ci_reports.py ARBITER PROJECT_DIR"""
import atexit, collections, copy, json, os, re, shutil, subprocess, sys, tempfile

try:
    import jsonschema
except ImportError:
    sys.exit("python3-jsonschema is missing: run scripts/setup (Debian package python3-jsonschema)")

arbiter, root = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(root)  # inputs named relative to the repository, as a CI job names them
third = os.path.join(root, "tests", "data", "third-party", "schemas")
sarif_schema = json.load(open(os.path.join(third, "sarif-schema-2.1.0.json"), encoding="utf-8"))
gitlab_schema = json.load(open(os.path.join(root, "tests", "data", "schemas", "gitlab-codequality.schema.json"),
                               encoding="utf-8"))
junit_xsd = os.path.join(third, "junit-10-ci.xsd")
defects = os.path.join("tests", "data", "ci", "defects.pgn")
xmllint = shutil.which("xmllint")

failures = []
def fail(message):
    failures.append(message)
    print("FAIL:", message, file=sys.stderr)

def schema_errors(schema, doc):
    cls = jsonschema.validators.validator_for(schema)
    return [f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in cls(schema).iter_errors(doc)]

def run(args, env=None):
    p = subprocess.run([arbiter, "check", "--no-config"] + args, capture_output=True, env=env)
    if p.returncode not in (0, 1):
        fail(f"arbiter check {' '.join(args)}: exit status {p.returncode}: {p.stderr[:300]!r}")
    return p.stdout.decode("utf-8")

tmp = tempfile.mkdtemp(prefix="arbiter-ci-")
atexit.register(shutil.rmtree, tmp, True)

# The NDJSON report: the reference.
games = [json.loads(l) for l in run(["--format", "json", "--all-games", defects]).splitlines()]
games = [g for g in games if g["type"] == "game"]
diagnostics = [d for g in games for d in g["diagnostics"]]
fingerprints = [d["fingerprint"] for d in diagnostics]
if len(diagnostics) < 8: fail(f"the defects file should give at least 8 diagnostics, got {len(diagnostics)}")
if len(set(fingerprints)) != len(fingerprints): fail("NDJSON fingerprints are not unique")

# SARIF, written next to a text report in the same run.
sarif_path = os.path.join(tmp, "r.sarif")
run(["--format", "sarif", "--output", sarif_path, "--format", "text", defects])
sarif = json.load(open(sarif_path, encoding="utf-8"))
for e in schema_errors(sarif_schema, sarif)[:10]: fail(f"sarif: {e}")
run0 = sarif["runs"][0]
rules = run0["tool"]["driver"]["rules"]
codes = [json.loads(l) for l in subprocess.run([arbiter, "codes", "--json"], capture_output=True).stdout.decode().splitlines()]
code_names = [c["code"] for c in codes if "code" in c]
if [r["id"] for r in rules] != code_names: fail(f"sarif: the rules are not every code of `arbiter codes` in order")
results = run0["results"]
if sorted(r["partialFingerprints"]["arbiter/v1"] for r in results) != sorted(fingerprints):
    fail("sarif: results are not the NDJSON diagnostics one to one (by fingerprint)")
by_fp = {d["fingerprint"]: d for d in diagnostics}
level = {"error": "error", "warning": "warning", "info": "note"}
for r in results:
    d = by_fp.get(r["partialFingerprints"]["arbiter/v1"])
    region = r["locations"][0]["physicalLocation"]["region"]
    if rules[r["ruleIndex"]]["id"] != r["ruleId"]: fail(f"sarif: ruleIndex {r['ruleIndex']} is not {r['ruleId']}")
    if region.get("startLine", 0) < 1 or region.get("startColumn", 1) < 1: fail(f"sarif: bad region {region}")
    if d and (r["ruleId"] != d["code"] or r["level"] != level[d["severity"]] or
              region["startLine"] != (d["line"] or region["startLine"])):
        fail(f"sarif: result {r['ruleId']} at {region} differs from its NDJSON diagnostic {d}")
    if "baselineState" in r: fail("sarif: baselineState without --baseline")
    if r["locations"][0]["physicalLocation"]["artifactLocation"] != {"uri": defects, "uriBaseId": "%SRCROOT%"}:
        fail(f"sarif: a relative path not as given, relative to %SRCROOT%: {r['locations'][0]}")
broken = copy.deepcopy(sarif)
broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startColumn"] = 0
if not schema_errors(sarif_schema, broken): fail("sarif schema: a startColumn of 0 passed")

# SARIF with a baseline: every result has baselineState.
base = os.path.join(tmp, "base.json")
with open(base, "w", encoding="utf-8") as f: f.write(run(["--format", "json", defects]))
with_base = json.loads(run(["--format", "sarif", "--baseline", base, defects]))
for e in schema_errors(sarif_schema, with_base)[:10]: fail(f"sarif with baseline: {e}")
states = collections.Counter(r.get("baselineState") for r in with_base["runs"][0]["results"])
if states != collections.Counter({"unchanged": len(results)}): fail(f"sarif with baseline: states {states}")

# An absolute path: a file:// URI, no uriBaseId.
absolute = json.loads(run(["--format", "sarif", os.path.abspath(defects)]))["runs"][0]["results"][0]
if absolute["locations"][0]["physicalLocation"]["artifactLocation"] != {"uri": "file://" + os.path.abspath(defects)}:
    fail(f"sarif: an absolute path: {absolute['locations'][0]}")

# A clean file: valid reports with no findings.
clean = os.path.join(tmp, "clean.pgn")
with open(clean, "w") as f: f.write('[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n')
empty = json.loads(run(["--format", "sarif", clean]))
for e in schema_errors(sarif_schema, empty)[:5]: fail(f"sarif, no findings: {e}")
if json.loads(run(["--format", "gitlab", clean])) != []: fail("gitlab, no findings: not []")

# GitLab Code Quality.
gitlab = json.loads(run(["--format", "gitlab", defects]))
for e in schema_errors(gitlab_schema, gitlab)[:10]: fail(f"gitlab: {e}")
gl_fps = [i["fingerprint"] for i in gitlab]
if len(set(gl_fps)) != len(gl_fps): fail("gitlab: fingerprints are not unique")
if sorted(gl_fps) != sorted(fingerprints): fail("gitlab: items are not the NDJSON diagnostics one to one")
broken = copy.deepcopy(gitlab); broken[0]["severity"] = "high"
if not schema_errors(gitlab_schema, broken): fail("gitlab schema: severity 'high' passed")

# JUnit.
if not xmllint:
    fail("xmllint is missing: run scripts/setup (Debian package libxml2-utils)")
else:
    junit_path = os.path.join(tmp, "r.xml")
    with open(junit_path, "w", encoding="utf-8") as f: f.write(run(["--format", "junit", defects, clean]))
    p = subprocess.run([xmllint, "--noout", "--schema", junit_xsd, junit_path], capture_output=True)
    if p.returncode != 0: fail(f"junit: xmllint: {p.stderr.decode()[:500]}")
    xml = open(junit_path, encoding="utf-8").read()
    with_errors = sum(1 for g in games if any(d["severity"] == "error" for d in g["diagnostics"]))
    if xml.count("<failure ") != with_errors: fail(f"junit: {xml.count('<failure ')} failures, {with_errors} games with errors")
    if xml.count("<testsuite ") != 2: fail("junit: not one testsuite per input")
    if xml.count("<testcase ") != len(games) + 1: fail("junit: not one testcase per game")
    if xml.count("<skipped ") != sum(1 for g in games if g["skipped"]): fail("junit: skipped games")
    names = re.findall(r'<testcase [^>]*name="([^"]*)"', xml)
    if len(set(names)) != len(names): fail("junit: testcase names are not unique")
    broken_path = os.path.join(tmp, "broken.xml")
    with open(broken_path, "w", encoding="utf-8") as f: f.write(re.sub(r' tests="\d+"', "", xml, count=1))
    if subprocess.run([xmllint, "--noout", "--schema", junit_xsd, broken_path], capture_output=True).returncode == 0:
        fail("junit XSD: a testsuite without tests= passed")

# GitHub workflow commands, and the step summary appended to $GITHUB_STEP_SUMMARY.
summary = os.path.join(tmp, "summary.md")
with open(summary, "w") as f: f.write("before\n")
env = dict(os.environ, GITHUB_STEP_SUMMARY=summary)
command = re.compile(r"^::(error|warning|notice) (file=[^,:\r\n]+,line=[1-9][0-9]*,col=[1-9][0-9]*(,endColumn=[0-9]+)?,)?"
                     r"title=[^,:\r\n]+::[^\r\n]*$")
lines = run(["--format", "github", defects], env=env).splitlines()
for line in lines:
    if not command.match(line): fail(f"github: a line that is no workflow command: {line!r}")
if len(lines) != len(diagnostics): fail(f"github: {len(lines)} lines for {len(diagnostics)} diagnostics")
if not any("Smith%3A 100%25" in l or "Smith: 100%25" in l for l in lines): fail("github: '%' or ':' not escaped")
text = open(summary, encoding="utf-8").read()
if not text.startswith("before\n## arbiter: "): fail(f"github: the step summary was not appended: {text[:100]!r}")

# Markdown.
md = run(["--format", "markdown", defects])
if not md.startswith("## arbiter: 7 games, 4 with errors"): fail(f"markdown: {md[:80]!r}")

# `merge` of shard reports into the CI formats (issue 21): the same bytes as the single run, so
# they validate too; checked here against the schemas, with and without a baseline.
shards = []
for k in (1, 2, 3):
    path = os.path.join(tmp, f"shard-{k}.json")
    with open(path, "w", encoding="utf-8") as f: f.write(run(["--format", "json", "--all-games", "--shard", f"{k}/3", defects]))
    shards.append(path)
def merge(args):
    p = subprocess.run([arbiter, "merge", "--no-config"] + args + shards[::-1], capture_output=True)
    if p.returncode not in (0, 1): fail(f"arbiter merge {' '.join(args)}: exit status {p.returncode}: {p.stderr[:300]!r}")
    return p.stdout.decode("utf-8")
for fmt, extra in (("sarif", []), ("sarif", ["--baseline", base]), ("gitlab", []), ("junit", [])):
    merged, single = merge(["--format", fmt] + extra), run(["--format", fmt] + extra + [defects])
    if merged != single: fail(f"merge --format {fmt} {' '.join(extra)}: not the single run's report")
    if fmt == "sarif":
        for e in schema_errors(sarif_schema, json.loads(merged))[:10]: fail(f"merged sarif: {e}")
    elif fmt == "gitlab":
        for e in schema_errors(gitlab_schema, json.loads(merged))[:10]: fail(f"merged gitlab: {e}")
    elif xmllint:
        merged_path = os.path.join(tmp, "merged.xml")
        with open(merged_path, "w", encoding="utf-8") as f: f.write(merged)
        p = subprocess.run([xmllint, "--noout", "--schema", junit_xsd, merged_path], capture_output=True)
        if p.returncode != 0: fail(f"merged junit: xmllint: {p.stderr.decode()[:500]}")
# github: the same workflow commands, and the same summary appended to $GITHUB_STEP_SUMMARY.
step = {}
for who in ("single", "merged"):
    step[who] = os.path.join(tmp, f"step-{who}.md")
    open(step[who], "w").close()
single_gh = run(["--format", "github", defects], env=dict(os.environ, GITHUB_STEP_SUMMARY=step["single"]))
p = subprocess.run([arbiter, "merge", "--no-config", "--format", "github"] + shards, capture_output=True,
                   env=dict(os.environ, GITHUB_STEP_SUMMARY=step["merged"]))
if p.stdout.decode("utf-8") != single_gh: fail("merge --format github: not the single run's lines")
if open(step["merged"], encoding="utf-8").read() != open(step["single"], encoding="utf-8").read():
    fail("merge --format github: not the single run's step summary")

if failures:
    sys.exit(f"{len(failures)} failure(s)")
print(f"ci reports: sarif ({len(results)} results), gitlab, junit, github and markdown check out")
