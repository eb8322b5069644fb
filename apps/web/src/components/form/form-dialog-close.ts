// How a form dialog closes (Cancel, Escape, a click outside): not while its form is being sent; then
// the form and its mutation forget what was typed and refused, so that it opens again empty.
export function formDialogClose(busy: boolean, onClose: () => void, ...forget: Array<() => void>) {
  return () => {
    if (busy) return;
    forget.forEach((reset) => reset());
    onClose();
  };
}
