// What the pages do with script, none of it needed to use them: tell a screen reader how many results a search
// found, fold the search filters away on a narrow screen (they stay one tap away, under a summary that names them),
// and copy an article's citation.
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
  const refine = document.getElementById("refine");
  if (refine && window.matchMedia("(max-width: 760px)").matches) {
    refine.open = false;
  }
});
