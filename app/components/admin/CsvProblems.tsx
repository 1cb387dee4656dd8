/** Problems shown at once; a file with more says how many were left out. */
const SHOWN = 50;

/** What was wrong with an uploaded CSV, row by row, announced as an alert under its heading line. */
export function CsvProblems({ heading, problems }: { heading: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="admin-problems" role="alert">
      <p>{heading}</p>
      <ul>
        {problems.slice(0, SHOWN).map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      {problems.length > SHOWN && <p>…and {problems.length - SHOWN} more.</p>}
    </div>
  );
}
