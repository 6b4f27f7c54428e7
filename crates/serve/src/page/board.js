// board.js: the board as the server draws it (SVG, any topology), with a layer of
// transparent cells added on top from the cell geometry the server sends, so that a
// click names its cell. Targets of the selected piece are tinted.

const SVG_NS = "http://www.w3.org/2000/svg";

export class Board {
  constructor(container, onClick) {
    this.container = container;
    this.onClick = onClick;
    this.cells = [];
  }

  show(answer, targets = []) {
    this.container.innerHTML = answer.svg;
    this.cells = answer.cells;
    const svg = this.container.querySelector("svg");
    if (!svg) return;
    const layer = document.createElementNS(SVG_NS, "g");
    layer.setAttribute("id", "hits");
    const tinted = new Set(targets);
    for (const cell of answer.cells) {
      let shape;
      if (cell.points.length > 0) {
        shape = document.createElementNS(SVG_NS, "polygon");
        shape.setAttribute("points", cell.points.map((p) => p.join(",")).join(" "));
      } else {
        shape = document.createElementNS(SVG_NS, "circle");
        shape.setAttribute("cx", cell.center[0]);
        shape.setAttribute("cy", cell.center[1]);
        shape.setAttribute("r", cell.r);
      }
      shape.classList.add("hit");
      if (tinted.has(cell.name)) shape.classList.add("target");
      shape.dataset.cell = cell.name;
      if (cell.piece) shape.dataset.piece = cell.piece;
      const title = document.createElementNS(SVG_NS, "title");
      title.textContent = cell.piece ? `${cell.name}: ${cell.piece}` : cell.name;
      shape.appendChild(title);
      shape.addEventListener("click", () => this.onClick(cell));
      layer.appendChild(shape);
    }
    svg.appendChild(layer);
  }

  set stale(on) {
    this.container.classList.toggle("stale", on);
  }
}
