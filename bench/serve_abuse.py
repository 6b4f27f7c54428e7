#!/usr/bin/env python3
"""Hostile load on `piecewise serve` (issue 34, items 2-5): idle sockets, slow request
heads, rules texts naming /dev/stdin and /dev/zero, and `"wait": true` perfts whose
clients drop, all at once for SECONDS; meanwhile GET / is timed every 100 ms and the
server's RSS read from /proc. Prints the slowest GET /, the peak RSS and whether the
server is alive at the end; exits 1 if GET / ever took 100 ms or more or failed.

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
        if hold:
            time.sleep(hold)
        else:
            s.recv(65536)
        s.close()
    except OSError:
        pass


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


def dropped_perfts():
    while time.time() < stop:
        post("/api/perft", {"rules": chess, "depth": 9, "wait": True}, hold=0.3)


threads = [threading.Thread(target=f, daemon=True)
           for f in [idle_sockets, idle_sockets, slow_heads, slow_heads, graphs, dropped_perfts, dropped_perfts]]
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
server.kill()
sys.exit(0 if alive and failures == 0 and slowest < 0.1 else 1)
