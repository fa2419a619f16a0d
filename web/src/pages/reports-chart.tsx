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
} from "chart.js";
import { useEffect, useRef } from "react";
import { showMoney } from "../lib/money";

// Only what the bar and donut charts use, so the rest of chart.js stays out of the bundle.
Chart.register(BarController, BarElement, DoughnutController, ArcElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface ChartBar {
  label: string;
  hours: number;
  billableHours: number;
  /** The group's billable amount, when the report shows money. */
  amount?: number;
}

/** The two ways the page draws the summary: bars side by side, or each group's share of a ring. */
export type ChartKind = "bars" | "donut";
export const CHART_KINDS: readonly { id: ChartKind; label: string }[] = [
  { id: "bars", label: "Bars" },
  { id: "donut", label: "Donut" },
];

/** Colours for the donut's slices, told apart from their neighbours and against the page's paper. */
const SLICE_COLOURS = ["#1f5fbf", "#1d6b35", "#b4531f", "#7a3fa0", "#0f7c80", "#a3245a", "#6b6b1d", "#4a4a4a"];

const hoursText = (hours: number): string => `${hours.toFixed(2)} hours`;

/** What a screen reader hears instead of the picture: the size of it, the largest group, and the money when shown. */
function summarise(bars: readonly ChartBar[], what: string, kind: ChartKind, currency: string | undefined): string {
  const name = kind === "donut" ? "Donut chart" : "Bar chart";
  if (bars.length === 0) return `${name} of hours by ${what}: no time in this range.`;
  const largest = bars.reduce((best, bar) => (bar.hours > best.hours ? bar : best));
  const total = bars.reduce((sum, bar) => sum + bar.hours, 0);
  const parts = kind === "donut" ? (bars.length === 1 ? "slice" : "slices") : bars.length === 1 ? "bar" : "bars";
  const share = kind === "donut" && total > 0 ? ` (${Math.round((largest.hours / total) * 100)} %)` : "";
  let text = `${name} of hours by ${what}: ${bars.length} ${parts}, ${total.toFixed(2)} hours in all, the largest ${largest.label} with ${hoursText(largest.hours)}${share}.`;
  if (currency !== undefined && bars.every((bar) => bar.amount !== undefined)) {
    const billed = bars.reduce((sum, bar) => sum + (bar.amount ?? 0), 0);
    text += ` ${showMoney(billed, currency)} billed.`;
  }
  return `${text} The table below has the same figures.`;
}

function configOf(kind: ChartKind, bars: readonly ChartBar[], currency: string | undefined): ChartConfiguration<"bar" | "doughnut"> {
  const labels = bars.map((bar) => bar.label);
  if (kind === "donut") {
    return {
      type: "doughnut",
      data: {
        labels,
        datasets: [
          {
            label: "Hours",
            data: bars.map((bar) => Number(bar.hours.toFixed(2))),
            backgroundColor: bars.map((_, index) => SLICE_COLOURS[index % SLICE_COLOURS.length]!),
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: "bottom" },
          tooltip: {
            callbacks: {
              label: (item) => {
                const bar = bars[item.dataIndex];
                if (!bar) return "";
                return bar.amount !== undefined && currency !== undefined
                  ? `${hoursText(bar.hours)}, ${showMoney(bar.amount, currency)}`
                  : hoursText(bar.hours);
              },
            },
          },
        },
      },
    };
  }
  const withAmounts = currency !== undefined && bars.every((bar) => bar.amount !== undefined);
  return {
    type: "bar",
    data: {
      labels,
      datasets: [
        { label: "Hours", data: bars.map((bar) => Number(bar.hours.toFixed(2))), backgroundColor: "#1f5fbf", yAxisID: "y" },
        {
          label: "Billable hours",
          data: bars.map((bar) => Number(bar.billableHours.toFixed(2))),
          backgroundColor: "#1d6b35",
          yAxisID: "y",
        },
        ...(withAmounts
          ? [
              {
                label: `Billable amount (${currency})`,
                data: bars.map((bar) => bar.amount ?? 0),
                backgroundColor: "#b4531f",
                yAxisID: "amount",
              },
            ]
          : []),
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        y: { beginAtZero: true, title: { display: true, text: "Hours" } },
        // Money on an axis of its own, on the right: hours and amounts have no common scale.
        ...(withAmounts
          ? {
              amount: {
                position: "right" as const,
                beginAtZero: true,
                grid: { drawOnChartArea: false },
                title: { display: true, text: `Amount (${currency})` },
                ticks: { callback: (value: string | number) => showMoney(Number(value), currency) },
              },
            }
          : {}),
      },
      plugins: {
        legend: { position: "bottom" },
        tooltip: {
          callbacks: {
            label: (item) =>
              item.dataset.yAxisID === "amount"
                ? `${item.dataset.label}: ${showMoney(Number(item.raw), currency ?? "")}`
                : `${item.dataset.label}: ${String(item.raw)}`,
          },
        },
      },
    },
  };
}

/**
 * Hours per group: as bars (billable beside the total, and the billable amount on an axis of
 * its own when the report shows money), or as a donut of each group's share of the hours. The
 * chart is made again only when its kind changes; new figures update it in place, so
 * switching a filter does not flash an empty canvas.
 */
export function ReportChart({
  bars,
  groupedBy,
  kind,
  currency,
}: {
  bars: readonly ChartBar[];
  groupedBy: string;
  kind: ChartKind;
  /** The currency of the amounts, when the report shows money. */
  currency?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<"bar" | "doughnut"> | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    const created = new Chart<"bar" | "doughnut">(canvas.current, configOf(kind, [], undefined));
    chart.current = created;
    return () => {
      created.destroy();
      chart.current = null;
    };
  }, [kind]);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const { data, options } = configOf(kind, bars, currency);
    current.data = data;
    if (options) current.options = options;
    current.update();
  }, [bars, kind, currency]);

  return (
    <div className="report-chart">
      <canvas ref={canvas} role="img" aria-label={summarise(bars, groupedBy, kind, currency)} data-testid="report-chart" />
    </div>
  );
}
