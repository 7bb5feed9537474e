// What the pages do with script, none of it needed to use them: tell a screen reader how many results a search
// found, and fold the search filters away on a narrow screen (they stay one tap away, under a summary that names them).
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // A live region announces what is put into it after the page has loaded, not what it was loaded with.
  for (const region of document.querySelectorAll("[role=status][data-text]")) {
    setTimeout(() => { region.textContent = region.dataset.text; }, 250);
  }
  const refine = document.getElementById("refine");
  if (refine && window.matchMedia("(max-width: 760px)").matches) {
    refine.open = false;
  }
});
