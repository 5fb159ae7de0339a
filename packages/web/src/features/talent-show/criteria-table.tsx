/** The show's judging criteria with their weights, as students and teachers read them (decision 103). */
export function CriteriaTable({ criteria, testId }: { criteria: readonly { id: number; name: string; description: string | null; weight: number }[]; testId?: string }) {
  return (
    <table className="ts-table" data-testid={testId}>
      <caption className="ts-sr">评分标准与权重</caption>
      <thead>
        <tr>
          <th scope="col">评分标准</th>
          <th scope="col">说明</th>
          <th scope="col">权重</th>
        </tr>
      </thead>
      <tbody>
        {criteria.map((c) => (
          <tr key={c.id}>
            <td>{c.name}</td>
            <td>{c.description || '—'}</td>
            <td>{c.weight}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
