import { useState } from 'react';
import { shortAddress } from '../words/format';
import { message } from '../words/messages';
import { ErrorText, useAction } from './background-context';
import { useLoad } from './use-load';

/** Agents this Home holds and their playbooks (archetype, version, digest); assign another archetype of the right kind. */
export function AgentsSection() {
  const { data, error, setData } = useLoad({ type: 'home.agents.list' });
  const assign = useAction();
  const [picked, setPicked] = useState<Record<string, string>>({});
  const agents = (data?.agents ?? []).filter((a) => a.kind !== 'harness');
  return (
    <section aria-labelledby="agents-title" className="ha-card">
      <h2 id="agents-title">{message('agentsTitle')}</h2>
      <p>{message('agentsIntro')}</p>
      <ErrorText error={error ?? assign.error} />
      <table className="ha-table">
        <caption>{message('agentsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{message('agentsColAgent')}</th>
            <th scope="col">{message('agentsColPlaybook')}</th>
            <th scope="col">{message('agentsColVersion')}</th>
            <th scope="col">{message('agentsColDigest')}</th>
            <th scope="col">{message('agentsColAssign')}</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => {
            const options = (data?.archetypes ?? []).filter((a) => a.appliesTo === agent.kind);
            const selectId = `archetype-${agent.address}`;
            return (
              <tr key={agent.address}>
                <th scope="row">
                  {agent.label}{' '}
                  <span className="ha-meta" title={agent.address}>
                    {shortAddress(agent.address)}
                  </span>
                  {agent.detail === undefined ? null : <span className="ha-detail">{agent.detail}</span>}
                </th>
                <td>
                  {agent.playbook === null ? message('agentsNoPlaybook') : agent.playbook.archetypeId}
                  {agent.playbook !== null && !agent.playbook.current ? message('agentsOutdated') : ''}
                </td>
                <td>{agent.playbook?.version ?? ''}</td>
                <td>
                  <code className="ha-digest">{agent.playbook?.digest ?? ''}</code>
                </td>
                <td>
                  <label htmlFor={selectId} className="ha-visually-hidden">
                    {message('agentsPlaybookFor', agent.label)}
                  </label>
                  <select
                    id={selectId}
                    value={picked[agent.address] ?? agent.playbook?.archetypeId ?? ''}
                    onChange={(e) => setPicked({ ...picked, [agent.address]: e.target.value })}
                  >
                    <option value="">{message('agentsChoose')}</option>
                    {options.map((a) => (
                      <option key={a.id} value={a.id}>
                        {a.label} {a.version}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    disabled={assign.busy || (picked[agent.address] ?? '') === ''}
                    onClick={() =>
                      void assign
                        .run({
                          type: 'home.playbook.assign',
                          agent: agent.address,
                          archetypeId: picked[agent.address]!,
                        })
                        .then((next) => next && setData(next))
                    }
                  >
                    {message('agentsAssignTo', agent.label)}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
