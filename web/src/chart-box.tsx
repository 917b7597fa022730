import { useEffect, useRef } from 'preact/hooks';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

// Only what the overview draws, so the bundle stays small.
Chart.register(
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

interface Props {
  id: string;
  title: string;
  /** One sentence a screen reader gets instead of the picture. */
  description: string;
  config: ChartConfiguration;
  /** The same data as a table, for those who would rather read. */
  table: { head: string[]; rows: Array<Array<string | number>> };
}

/** A Chart.js canvas that updates in place when its data changes. */
export function ChartBox({ id, title, description, config, table }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      ...config,
      options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options },
    });
    return () => chart.current?.destroy();
    // The chart is created once; data updates below.
  }, []);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data = config.data;
    c.update();
  }, [config.data]);

  return (
    <figure class="chart" data-chart={id}>
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <div class="chart-canvas">
        <canvas ref={canvas} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} />
      </div>
      <p id={`${id}-desc`} class="visually-hidden">
        {description}
      </p>
      <details>
        <summary>Show the data</summary>
        <table>
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
