#!/usr/bin/env python3
"""Hostile load on `piecewise serve` (issue 34, items 1-5): compile bombs (repeated
groups of rides and leaps on a 26x26 board, three at a time), idle sockets, slow request
heads, rules texts naming /dev/stdin and /dev/zero, and `"wait": true` perfts whose
clients drop, all at once for SECONDS; meanwhile GET / is timed every 100 ms and the
server's RSS read from /proc. Prints the slowest GET /, the peak RSS, whether the
server is alive at the end and how the bombs were answered; exits 1 if GET / ever took
100 ms or more or failed, the RSS reached 500 MB, or a bomb was not refused.

    python3 bench/serve_abuse.py [SECONDS] [IDLE_SOCKETS] [BINARY]
"""
import json, socket, subprocess, sys, threading, time

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 60
idle_count = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
binary = sys.argv[3] if len(sys.argv) > 3 else "target/debug/piecewise"
server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE)
addr = server.stdout.readline().decode().split("http://")[1].strip().strip("/")
host, port = addr.rsplit(":", 1)
port = int(port)
chess = open("rules/chess.rules").read()
stop = time.time() + seconds


def rss_kb():
    for line in open(f"/proc/{server.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def post(path, body, hold=0.0):
    data = json.dumps(body).encode()
    try:
        s = socket.create_connection((host, port), timeout=30)
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {len(data)}\r\n\r\n".encode() + data)
        answer = None
        if hold:
            time.sleep(hold)
        else:
            answer = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
                head, _, body = answer.partition(b"\r\n\r\n")
                length = [int(l.split(b":")[1]) for l in head.split(b"\r\n")
                          if l.lower().startswith(b"content-length:")]
                if length and len(body) >= length[0]:
                    break
        s.close()
        return answer
    except OSError:
        return None


def idle_sockets():
    held = []
    while time.time() < stop:
        try:
            held.append(socket.create_connection((host, port), timeout=5))
        except OSError:
            time.sleep(0.01)
        if len(held) >= idle_count:
            # Full: replace the oldest, 500 new idle sockets a second per thread.
            held.pop(0).close()
            time.sleep(0.002)


def slow_heads():
    while time.time() < stop:
        try:
            s = socket.create_connection((host, port), timeout=5)
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            for _ in range(20):
                time.sleep(0.5)
                s.sendall(b"X-Slow: 1\r\n")
        except OSError:
            pass


def graphs():
    while time.time() < stop:
        for name in ["/dev/stdin", "/dev/zero"]:
            post("/api/check", {"rules": f'board graph "{name}"\npiece K (K) {{ step any }}\n'})


# Issue 34's compile bombs: 10-30 s and 1-2 GB each before the bound, three at once
# took the server down.
BOMBS = [
    "board square 26x26\npiece Z (Z) { repeat { ride any then ride any then ride any then ride any } }\n",
    "board square 26x26\npiece Z (Z) { repeat 1..200 { ride any then ride any then ride any then ride any } }\n",
    "board square 26x26\npiece Z (Z) { repeat { leap (1,2) then ride any then leap (2,3) then ride any } }\n",
]
bomb_answers = {"answered": 0, "refused": 0, "slowest": 0.0}


def bombs(k):
    while time.time() < stop:
        t0 = time.time()
        answer = post("/api/check", {"rules": BOMBS[k % len(BOMBS)]})
        took = time.time() - t0
        if answer is not None:
            bomb_answers["answered"] += 1
            bomb_answers["refused"] += b"E0801" in answer or b"E0803" in answer
            bomb_answers["slowest"] = max(bomb_answers["slowest"], took)


def dropped_perfts():
    while time.time() < stop:
        post("/api/perft", {"rules": chess, "depth": 9, "wait": True}, hold=0.3)


threads = [threading.Thread(target=f, daemon=True)
           for f in [idle_sockets, idle_sockets, slow_heads, slow_heads, graphs, dropped_perfts, dropped_perfts]]
threads += [threading.Thread(target=bombs, args=(k,), daemon=True) for k in range(3)]
for t in threads:
    t.start()
slowest, failures, peak, samples = 0.0, 0, 0, 0
while time.time() < stop:
    t0 = time.time()
    try:
        s = socket.create_connection((host, port), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        ok = s.recv(64).startswith(b"HTTP/1.1 200")
        s.close()
    except OSError:
        ok = False
    took = time.time() - t0
    samples += 1
    failures += 0 if ok else 1
    slowest = max(slowest, took)
    if took > 0.1:
        print(f"slow GET /: {took * 1000:.0f} ms at {seconds - (stop - time.time()):.1f} s", flush=True)
    peak = max(peak, rss_kb())
    time.sleep(0.1)
alive = server.poll() is None
print(f"GET / x{samples}: slowest {slowest * 1000:.1f} ms, failures {failures}; "
      f"RSS peak {peak / 1000:.1f} MB; alive at the end: {alive}")
print(f"compile bombs: {bomb_answers['answered']} answered ({bomb_answers['refused']} refused "
      f"with E0801/E0803), slowest {bomb_answers['slowest'] * 1000:.0f} ms")
server.kill()
ok = alive and failures == 0 and slowest < 0.1 and peak < 500_000
ok = ok and bomb_answers["answered"] > 0 and bomb_answers["refused"] == bomb_answers["answered"]
sys.exit(0 if ok else 1)
