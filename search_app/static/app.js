// What the pages do with script, none of it needed to use them: tell a screen reader how many results a search
// found, fold the search filters away on a narrow screen (they stay one tap away, under a summary that names them),
// copy an article's citation, and narrow a search to the dates of the bars dragged across (a click on one bar is a
// plain link).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // A live region announces what is put into it after the page has loaded, not what it was loaded with.
  for (const region of document.querySelectorAll("[role=status][data-text]")) {
    setTimeout(() => { region.textContent = region.dataset.text; }, 250);
  }
  // "Cite this article": copy the citation; where the clipboard is refused, select it in its field for the reader
  // to copy (the field is there without script too).
  const cite = document.getElementById("cite");
  const citation = document.getElementById("citation");
  const citeStatus = document.getElementById("cite-status");
  if (cite && citation && citeStatus) {
    cite.hidden = false;
    cite.addEventListener("click", () => {
      const selectIt = () => {
        citation.focus();
        citation.select();
        citeStatus.textContent = cite.dataset.select;
      };
      if (!navigator.clipboard) {
        selectIt();
        return;
      }
      navigator.clipboard.writeText(citation.value).then(() => {
        citeStatus.textContent = cite.dataset.copied;
      }, selectIt);
    });
  }
  // Brushing the date chart: press on a bar, drag across others, let go: the search narrows from the first bar's
  // start to the last one's end. A press that does not leave its bar is left to the bar's own link.
  const bars = document.querySelector(".bars[data-base]");
  if (bars) {
    const items = [...bars.querySelectorAll("li[data-start]")];
    const hint = document.createElement("p");
    hint.className = "meta brush-hint";
    hint.textContent = bars.dataset.brush;
    (bars.parentElement.querySelector(".axis") || bars).after(hint);
    let from = null;
    let to = null;
    let dragged = false;
    const at = (x) => {
      for (const [i, item] of items.entries()) {
        const box = item.getBoundingClientRect();
        if (x < box.right || i === items.length - 1) return i;
      }
      return null;
    };
    const mark = () => {
      const [low, high] = [Math.min(from, to), Math.max(from, to)];
      items.forEach((item, i) => item.classList.toggle("brushed", dragged && i >= low && i <= high));
    };
    bars.addEventListener("pointerdown", (event) => {
      if (event.button !== 0) return;
      from = to = at(event.clientX);
      dragged = false;
    });
    bars.addEventListener("pointermove", (event) => {
      if (from === null) return;
      const here = at(event.clientX);
      if (here !== to) {
        to = here;
        dragged = dragged || to !== from;
        if (dragged && !bars.hasPointerCapture(event.pointerId)) bars.setPointerCapture(event.pointerId);
        mark();
      }
    });
    const finish = () => {
      if (from !== null && dragged) {
        const [low, high] = [Math.min(from, to), Math.max(from, to)];
        const target = new URL(bars.dataset.base, window.location.href);
        target.searchParams.set("from", items[low].dataset.start);
        target.searchParams.set("to", items[high].dataset.end);
        target.searchParams.delete("page");
        window.location.assign(target);
      }
      from = null;
    };
    bars.addEventListener("pointerup", finish);
    bars.addEventListener("pointercancel", () => { from = null; dragged = false; mark(); });
    // a bar is a link, which the browser would otherwise start dragging away (and cancel the pointer)
    bars.addEventListener("dragstart", (event) => event.preventDefault());
    // the click that ends a drag is not a click on the bar it ended on
    bars.addEventListener("click", (event) => { if (dragged) event.preventDefault(); }, true);
  }
  const refine = document.getElementById("refine");
  if (refine && window.matchMedia("(max-width: 760px)").matches) {
    refine.open = false;
  }
});
