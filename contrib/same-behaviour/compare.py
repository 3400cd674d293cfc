"""Compares two output folders of run.sh: certificates byte for byte, the rest normalised."""
import os,re,sys
a,b = sys.argv[1], sys.argv[2]
def norm(p, root):
    try: t = open(p,'rb').read().decode('utf-8','replace')
    except: return None
    t = t.replace(root, 'DIR')
    t = re.sub(r'/tmp/same-[a-z0-9]+', 'DIR', t)
    t = re.sub(r'time \d+\.\d+s', 'time T', t)
    t = re.sub(r'"(seconds|check_seconds|wall_seconds|ms)": [0-9.e-]+', r'"\1": T', t)
    t = re.sub(r'uuid: "[^"]*"', 'uuid', t)
    t = re.sub(r'creation_time: "[^"]*"', 'ctime', t)
    t = re.sub(r'\d+(\.\d+)? ?ms\b', 'Tms', t)
    t = re.sub(r'\b\d+\.\d+ ?s\b', 'Ts', t)
    t = re.sub(r'queries \d+', 'queries Q', t)
    t = re.sub(r'"queries": \d+', '"queries": Q', t)
    t = '\n'.join(l for l in t.split('\n') if not l.startswith('certa: ['))
    return t
diff=[]; 
names = sorted(set(os.listdir(a))|set(os.listdir(b)))
for n in names:
    pa, pb = os.path.join(a,n), os.path.join(b,n)
    if not os.path.exists(pa) or not os.path.exists(pb):
        diff.append(n+' (missing one side)'); continue
    if n.endswith('.cert') or n.endswith('.cert.json'):
        if open(pa,'rb').read() != open(pb,'rb').read(): diff.append(n)
        continue
    if norm(pa,a) != norm(pb,b): diff.append(n)
print(len(names), 'files;', len(diff), 'differ')
for d in diff: print(' ', d)
