/** The Home's sections, in the order the person meets them; each later issue fills one. */
export const HOME_SECTIONS = [
  { id: 'vault', title: 'Vault', empty: 'Your records, kept in this browser. Nothing is stored yet.' },
  { id: 'grants', title: 'Grants', empty: 'Apps you let ask as you, and folders you share. None yet.' },
  { id: 'playbook', title: 'Playbook', empty: 'What your agent knows how to do. No playbook is assigned yet.' },
  { id: 'keys', title: 'Keys', empty: 'Your key and your Smart Agent. No key has been made yet.' },
  { id: 'model', title: 'Model', empty: 'The model your agent plans with. None is configured.' },
  { id: 'chain', title: 'Chain', empty: 'Where signatures and revocations are checked. The embedded chain is the default.' },
  { id: 'gateway', title: 'Gateway', empty: 'Services your agent consults, such as HeartCoach. None connected.' },
] as const;

/** The options page's Home: one labelled section per area, empty for now. */
export function HomeSections() {
  return (
    <>
      {HOME_SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`home-${section.id}`} className="ha-section">
          <h2 id={`home-${section.id}`}>{section.title}</h2>
          <p>{section.empty}</p>
        </section>
      ))}
    </>
  );
}
