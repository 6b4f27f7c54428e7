// perft.js: the perft panel. A count runs as a job on the server; the panel polls its
// progress (root moves counted), shows the total and the count per move, and can
// cancel it.

import { api } from "./api.js";

export class PerftPanel {
  constructor(els, position) {
    this.els = els;
    this.position = position; // () => { rules, file, fen or level }
    this.job = null;
    els.start.addEventListener("click", () => this.start());
    els.cancel.addEventListener("click", () => this.cancel());
  }

  set maxDepth(n) {
    this.els.depth.max = n;
  }

  async start() {
    if (this.job) return;
    const depth = parseInt(this.els.depth.value, 10) || 1;
    this.els.result.textContent = "starting…";
    this.els.divide.innerHTML = "";
    this.els.progress.value = 0;
    try {
      const job = await api.perftStart({ ...this.position(), depth });
      this.job = job.id;
      this.els.start.disabled = true;
      this.els.cancel.disabled = false;
      this.poll();
    } catch (e) {
      this.els.result.textContent = `error: ${e.message}`;
    }
  }

  async poll() {
    if (!this.job) return;
    let job;
    try {
      job = await api.perftStatus(this.job);
    } catch (e) {
      this.finish(`error: ${e.message}`);
      return;
    }
    const secs = (job.elapsed_ms / 1000).toFixed(1);
    this.els.progress.max = Math.max(job.roots, 1);
    this.els.progress.value = job.roots_done;
    if (job.state === "running") {
      this.els.result.textContent = `depth ${job.depth}: ${job.roots_done}/${job.roots || "?"} root moves, ${secs} s`;
      setTimeout(() => this.poll(), 200);
      return;
    }
    if (job.state === "done") {
      this.els.divide.innerHTML = "";
      for (const row of job.divide) {
        const li = document.createElement("li");
        li.textContent = `${row.move}: ${row.nodes}`;
        this.els.divide.appendChild(li);
      }
      this.finish(`perft(${job.depth}) = ${job.nodes} (${secs} s)`);
    } else {
      this.finish(job.message);
    }
  }

  finish(text) {
    this.els.result.textContent = text;
    this.job = null;
    this.els.start.disabled = false;
    this.els.cancel.disabled = true;
  }

  async cancel() {
    if (!this.job) return;
    try {
      await api.perftCancel(this.job);
    } catch (e) {
      this.finish(`error: ${e.message}`);
    }
  }
}
