import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";

// Only what a bar chart uses, so the rest of chart.js stays out of the bundle.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartBar {
  label: string;
  hours: number;
  billableHours: number;
}

/** "3 groups; most: Website, 4.5 h" — what a screen reader hears instead of the picture. */
function summarise(bars: readonly ChartBar[], what: string): string {
  if (bars.length === 0) return `Bar chart of hours by ${what}: no time in this range.`;
  const largest = bars.reduce((best, bar) => (bar.hours > best.hours ? bar : best));
  const total = bars.reduce((sum, bar) => sum + bar.hours, 0);
  return `Bar chart of hours by ${what}: ${bars.length} ${bars.length === 1 ? "bar" : "bars"}, ${total.toFixed(2)} hours in all, the largest ${largest.label} with ${largest.hours.toFixed(2)} hours. The table below has the same figures.`;
}

/**
 * Hours per group as bars, billable beside the total. The chart is made once and updated in
 * place when the figures change, so switching a filter does not flash an empty canvas.
 */
export function ReportChart({ bars, groupedBy }: { bars: readonly ChartBar[]; groupedBy: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<"bar"> | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const created = new Chart(canvas.current, {
      type: "bar",
      data: { labels: [], datasets: [] },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { y: { beginAtZero: true, title: { display: true, text: "Hours" } } },
        plugins: { legend: { position: "bottom" } },
      },
    });
    chart.current = created;
    return () => {
      created.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    current.data.labels = bars.map((bar) => bar.label);
    current.data.datasets = [
      { label: "Hours", data: bars.map((bar) => Number(bar.hours.toFixed(2))), backgroundColor: "#1f5fbf" },
      { label: "Billable hours", data: bars.map((bar) => Number(bar.billableHours.toFixed(2))), backgroundColor: "#1d6b35" },
    ];
    current.update();
  }, [bars]);

  return (
    <div className="report-chart">
      <canvas ref={canvas} role="img" aria-label={summarise(bars, groupedBy)} data-testid="report-chart" />
    </div>
  );
}
