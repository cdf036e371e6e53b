// The entry page's own script. A page the browser shows again from its back/forward
// cache is the page as it was left: an entry's edit form would still name the version
// it was opened with, so saving after Back from one's own save would be refused as
// someone else's newer version. Such a page is fetched again instead (its forms then
// name the version stored now).
addEventListener("pageshow", (event) => {
  if (event.persisted && document.querySelector("input[name=etag]")) {
    location.reload();
  }
});

// A name or description is limited in characters (the library's NAME_MAX and
// DESCRIPTION_MAX), while maxlength counts UTF-16 code units: two for an emoji or any
// other character past U+FFFF. Such inputs carry maxlength twice the limit (so no text
// the library accepts is ever refused, script or none) and data-maxchars, the limit in
// characters, which this keeps as maxlength would: what is typed or pasted past it is
// not taken. The server checks the limit all the same.
// While an input method composes (a Japanese reading before its conversion, say), the
// text is not cut: what it commits is, on compositionend, as maxlength would cut it. The
// caret stays where the text was taken or refused.
const taken = new WeakMap();
const composing = new WeakSet();
addEventListener("compositionstart", (event) => composing.add(event.target));
addEventListener("compositionend", (event) => {
  composing.delete(event.target);
  keep(event.target);
});
addEventListener("input", (event) => {
  if (!event.isComposing && !composing.has(event.target)) {
    keep(event.target);
  }
});

function keep(field) {
  const max = Number(field.dataset ? field.dataset.maxchars : 0);
  if (!max) {
    return;
  }
  const now = field.value;
  if (Array.from(now).length <= max) {
    taken.set(field, now);
    return;
  }
  const was = taken.has(field) ? taken.get(field) : field.defaultValue;
  // what was inserted ends at the caret: the text after it is the same as before (as
  // code units), and so is the text before what was inserted
  const caret = field.selectionEnd === null ? now.length : field.selectionEnd;
  let tail = 0;
  while (
    tail < was.length &&
    tail < now.length - caret &&
    was[was.length - 1 - tail] === now[now.length - 1 - tail]
  ) {
    tail++;
  }
  if (tail > 0 && /[\uDC00-\uDFFF]/.test(now[now.length - tail])) {
    tail--; // not between the two halves of one character
  }
  let head = 0;
  while (
    head < was.length - tail &&
    head < now.length - tail &&
    was[head] === now[head]
  ) {
    head++;
  }
  if (head > 0 && /[\uD800-\uDBFF]/.test(now[head - 1])) {
    head--;
  }
  const before = now.slice(0, head);
  const after = now.slice(now.length - tail);
  const room = Math.max(0, max - Array.from(before + after).length);
  const inserted = Array.from(now.slice(head, now.length - tail)).slice(0, room).join("");
  field.value = before + inserted + after;
  field.setSelectionRange(before.length + inserted.length, before.length + inserted.length);
  taken.set(field, field.value);
}
