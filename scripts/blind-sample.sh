#!/bin/bash
# The samples of the blind read (docs/realism.md): the four templates and five prompts at seed 11
# (SEED=n for another: a held-out read on a seed no fix was made for),
# about 100 rows of each, spread over its tables by size, and the parent rows they point to (for
# context). Usage: scripts/blind-sample.sh OUTDIR [CHECKOUT]; run it on two checkouts, hand a reviewer
# the two folders under neutral names.
set -euo pipefail
OUT=$(realpath -m "$1"); REPO=${2:-.}; SEED=${SEED:-11}; mkdir -p "$OUT"; cd "$REPO"
CLI="npx tsx src/cli/index.ts"
for t in ecommerce blog saas social; do $CLI generate --template $t --seed $SEED --format json --quiet > $OUT/full-template-$t.json; done
p_vet="A veterinary clinic: 40 owners with name, email, phone and city; 60 pets with owner, name, species, breed, date of birth and weight; 150 visits with pet, visit date, reason, symptoms, diagnosis, treatment, notes and cost"
p_emp="100 employees with name, department, job title, seniority, salary, hire date, date of birth, age, city and notes"
p_shop="An online shop: 40 products with name, category, description, material and price; 80 customers; 150 orders with customer, total and status; 200 reviews with product, customer, rating, title and body"
p_orders="80 customers with name, email, street address, city, postal code and country; 150 orders with customer, order date, total, currency, shipping country and delivery instructions"
p_blog="A blog: 20 authors with name, email and bio; 60 posts with author, title, summary, body, tags and published date; 200 comments with post, author name and text"
for n in vet emp shop orders blog; do v=p_$n; $CLI generate --prompt "${!v}" --seed $SEED --format json --quiet > $OUT/full-prompt-$n.json; done
python3 - "$OUT" "$SEED" <<'PY'
import json, random, sys, os, glob
out = sys.argv[1]
for f in sorted(glob.glob(out + '/full-*.json')):
    d = json.load(open(f)); data = d['data']
    rng = random.Random(int(sys.argv[2]))
    # 100 rows: each table gets a share by its size, at least 5
    names = list(data); total = sum(len(v) for v in data.values())
    res = {}
    for n in names:
        k = max(5, round(100 * len(data[n]) / total)); rows = data[n]
        res[n] = rng.sample(rows, min(k, len(rows)))
    # Parent rows the sampled rows point to, for context (not counted).
    ids = {n: {r.get('id'): r for r in data[n] if isinstance(r, dict) and 'id' in r} for n in names}
    ctx = {}
    for n, rows in res.items():
        for r in rows:
            for k, v in r.items():
                if not k.endswith('_id') or v is None: continue
                for m in names:
                    if m != n and v in ids[m]:
                        ctx.setdefault(m, {})[str(v)] = ids[m][v]
    res = {'sample': res, 'referenced_rows_for_context_only': {m: list(v.values()) for m, v in ctx.items()}}
    name = os.path.basename(f)[5:]
    json.dump(res, open(out + '/' + name, 'w'), indent=1, ensure_ascii=False)
    os.remove(f)
PY
ls $OUT
