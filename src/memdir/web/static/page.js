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
