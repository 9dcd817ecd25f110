/** The tag beside the coordinator's name, on its Team view row and its board lane alike. */
export function CoordinatorTag() {
  return (
    <span class="tag coordinator-tag" title="Coordinator: dispatches tasks and watches the team">
      <span class="codicon codicon-star-full" aria-hidden="true" />
      coordinator
    </span>
  );
}
