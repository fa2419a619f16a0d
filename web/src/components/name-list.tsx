/** Names the API spells (permissions, scopes, event types), shown as they are sent, one tag each. */
export function NameList({ names }: { names: readonly string[] }) {
  return (
    <ul className="tag-list">
      {names.map((name) => (
        <li key={name}>
          <code>{name}</code>
        </li>
      ))}
    </ul>
  );
}
