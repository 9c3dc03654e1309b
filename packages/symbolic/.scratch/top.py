import json,sys,collections
d=json.load(open(sys.argv[1]))
nodes={n['id']:n for n in d['nodes']}
self_t=collections.Counter()
dt=d['timeDeltas']; samples=d['samples']
for s,t in zip(samples,dt):
    n=nodes[s]; cf=n['callFrame']; self_t[(cf['functionName'],cf['url'].split('/')[-1],cf['lineNumber'])]+=t
tot=sum(self_t.values())
for k,v in self_t.most_common(25): print(f"{v/1000:8.1f} ms {100*v/tot:5.1f}% {k}")
