// The report's charts: the same library as the web app's (Apache ECharts), rendered to SVG on the
// server (renderToSVGString, no canvas, no browser), then drawn into the PDF as vectors. Each
// function takes figures and answers one SVG; animation is off and each chart is disposed at once,
// so nothing keeps timers alive after a report.
import { FAVOURABILITY_LOOKUP, STREAM_COLORS, STREAM_NAMES, chartLabel, splitPartialLine, type StreamId } from '@listening/contract';
import * as echarts from 'echarts';
import type { ReportFigures } from './figures.ts';
import { pdfText } from './text.ts';

const FONT = 'Helvetica';
const GREY = '#495057';
const base = { animation: false, textStyle: { fontFamily: FONT, color: GREY, fontSize: 10 }, backgroundColor: '#ffffff' };

function render(option: echarts.EChartsCoreOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...base, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

const streamName = (id: number) => STREAM_NAMES[id as StreamId] ?? `Stream ${id}`;
const compact = (n: number) => (n >= 1_000_000 ? `${(n / 1_000_000).toFixed(1)}M` : n >= 10_000 ? `${Math.round(n / 1000)}k` : String(n));

/** Mentions per stream; a Trend report sets the previous window beside each bar. */
export function streamsChart(f: ReportFigures, width: number, height: number): string {
  const names = f.byStream.map((s) => streamName(s.streamId));
  const series: object[] = [];
  if (f.previous)
    series.push({
      name: 'Previous window',
      type: 'bar',
      barMaxWidth: 28,
      itemStyle: { color: '#ced4da' },
      data: f.byStream.map((s) => f.previous!.byStream.get(s.streamId)?.clips ?? 0),
      label: { show: true, position: 'top', fontSize: 9, color: '#868e96', textBorderWidth: 0, formatter: (p: { value: number }) => compact(p.value) },
    });
  series.push({
    name: 'This window',
    type: 'bar',
    barMaxWidth: 28,
    data: f.byStream.map((s) => ({ value: s.clips, itemStyle: { color: STREAM_COLORS[s.streamId as StreamId] ?? '#1c7ed6' } })),
    label: { show: true, position: 'top', fontSize: 9, color: GREY, textBorderWidth: 0, formatter: (p: { value: number }) => compact(p.value) },
  });
  return render(
    {
      legend: f.previous ? { top: 0, itemHeight: 8, textStyle: { fontSize: 9 } } : undefined,
      grid: { left: 50, right: 16, top: f.previous ? 30 : 18, bottom: 26 },
      xAxis: { type: 'category', data: names, axisTick: { show: false } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => compact(v) }, splitLine: { lineStyle: { color: '#eee' } } },
      series,
    },
    width,
    height,
  );
}

/** Favourability of the window: positive, neutral and negative posts. */
export function favourabilityChart(f: ReportFigures, width: number, height: number): string {
  const counts = [f.totals.positive, f.totals.neutral, f.totals.negative];
  const total = counts.reduce((a, b) => a + b, 0);
  return render(
    {
      title:
        total === 0
          ? { text: 'No posts in this window', left: 'center', top: 'middle', textStyle: { fontSize: 11, color: '#868e96', fontFamily: FONT } }
          : undefined,
      legend: { bottom: 0, itemHeight: 8, textStyle: { fontSize: 9 } },
      series: [
        {
          type: 'pie',
          radius: ['42%', '68%'],
          center: ['50%', '45%'],
          // Inside the ring, without ECharts' white text border: svg-to-pdfkit draws that border over the text (no paint-order).
          label: {
            position: 'inside',
            formatter: (p: { percent: number }) => (p.percent >= 4 ? `${Math.round(p.percent)}%` : ''),
            fontSize: 9,
            color: '#ffffff',
            textBorderWidth: 0,
          },
          data: total === 0 ? [] : FAVOURABILITY_LOOKUP.map((x, i) => ({ name: x.Description, value: counts[i], itemStyle: { color: x.Color } })),
        },
      ],
    },
    width,
    height,
  );
}

/** Sentiment by brand association: positive, neutral and negative posts of Owned, Earned and Chatter. */
export function sentimentChart(f: ReportFigures, width: number, height: number): string {
  const kinds = [
    ['Positive', 'positive'],
    ['Neutral', 'neutral'],
    ['Negative', 'negative'],
  ] as const;
  return render(
    {
      legend: { top: 0, itemHeight: 8, textStyle: { fontSize: 9 } },
      grid: { left: 60, right: 16, top: 26, bottom: 20 },
      yAxis: { type: 'category', data: f.sentiment.map((x) => x.name), axisTick: { show: false } },
      xAxis: { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => compact(v) }, splitLine: { lineStyle: { color: '#eee' } } },
      series: kinds.map(([name, key], i) => ({
        name,
        type: 'bar',
        stack: 'all',
        barMaxWidth: 22,
        itemStyle: { color: FAVOURABILITY_LOOKUP[i].Color },
        data: f.sentiment.map((x) => x[key]),
      })),
    },
    width,
    height,
  );
}

/**
 * Mentions and AVE per day (week, month); a Trend report draws the previous window's mentions
 * dashed grey. A partial period (contract periods.ts) is drawn as the screens draw it: the
 * mentions line dashed into it with a hollow point, its AVE bar lighter.
 */
export function daysChart(f: ReportFigures, width: number, height: number): string {
  const labels = f.days.map((d) => (f.bucket === 'month' ? d.day.slice(0, 7) : chartLabel(d.day)));
  const mentions = splitPartialLine(
    f.days.map((d) => d.clips),
    f.days.map((d) => d.partial !== null),
  );
  const line = { type: 'line', symbolSize: 4, itemStyle: { color: '#1c7ed6' }, connectNulls: false };
  const series: object[] = [
    { ...line, name: 'Mentions', lineStyle: { width: 2 }, data: mentions.whole },
    {
      ...line,
      name: 'Mentions',
      lineStyle: { width: 2, type: 'dashed' },
      data: mentions.partial.map((v, i) => (v !== null && f.days[i].partial ? { value: v, symbol: 'emptyCircle', symbolSize: 6 } : v)),
    },
    {
      name: 'AVE (R)',
      type: 'bar',
      yAxisIndex: 1,
      barMaxWidth: 12,
      itemStyle: { color: '#b2f2bb' },
      data: f.days.map((d) => (d.partial ? { value: Math.round(d.ave), itemStyle: { opacity: 0.45 } } : Math.round(d.ave))),
      z: 1,
    },
  ];
  if (f.previous)
    series.push({
      name: 'Mentions, previous window',
      type: 'line',
      symbol: 'none',
      itemStyle: { color: '#adb5bd' },
      lineStyle: { type: 'dashed', width: 1.5 },
      data: f.days.map((_, i) => f.previous!.days[i]?.clips ?? null),
    });
  return render(
    {
      legend: { top: 0, itemHeight: 8, textStyle: { fontSize: 9 } },
      grid: { left: 46, right: 56, top: 28, bottom: 34 },
      xAxis: { type: 'category', data: labels, axisLabel: { fontSize: 8, hideOverlap: true, rotate: labels.length > 16 ? 45 : 0 } },
      yAxis: [
        {
          type: 'value',
          name: 'Mentions',
          nameTextStyle: { fontSize: 8 },
          minInterval: 1,
          axisLabel: { formatter: (v: number) => compact(v) },
          splitLine: { lineStyle: { color: '#eee' } },
        },
        { type: 'value', name: 'AVE (R)', nameTextStyle: { fontSize: 8 }, axisLabel: { formatter: (v: number) => compact(v) }, splitLine: { show: false } },
      ],
      series,
    },
    width,
    height,
  );
}

/** Text width in Helvetica, roughly: enough to keep words apart (the PDF draws them in Helvetica). */
const textWidth = (text: string, size: number) => text.length * size * 0.6 + 4;

/**
 * The word cloud, laid out here (an Archimedean spiral from the centre, largest word first, each
 * placed at the first point where its box overlaps none placed before) and drawn as ECharts text.
 * The web's cloud lays out with a canvas, which the server has not.
 */
export function wordCloudChart(f: ReportFigures, width: number, height: number): string {
  const words = f.words.map((w) => ({ ...w, value: pdfText(w.value) })).filter((w) => w.value);
  if (words.length === 0)
    return render(
      { title: { text: 'No words in this window', left: 'center', top: 'middle', textStyle: { fontSize: 11, color: '#868e96', fontFamily: FONT } } },
      width,
      height,
    );
  const max = words[0].count;
  const min = words.at(-1)!.count;
  const palette = ['#1c7ed6', '#2f9e44', '#f76707', '#ae3ec9', '#0c8599', '#e03131', '#5c940d'];
  const placed: { x: number; y: number; w: number; h: number }[] = [];
  const elements: object[] = [];
  words.forEach((word, i) => {
    // Square-root scale: a few very frequent words would otherwise leave the rest unreadably small.
    const size = Math.round(10 + (max === min ? 0.5 : Math.sqrt((word.count - min) / (max - min))) * 30);
    const w = textWidth(word.value, size);
    const h = size * 1.1;
    for (let t = 0; t < 600; t += 0.35) {
      // An ellipse as wide as the box is: the cloud fills the page's width, not only its middle.
      const x = width / 2 + t * 3.2 * (width / height) * 0.6 * Math.cos(t) - w / 2;
      const y = height / 2 + t * 1.6 * Math.sin(t) - h / 2;
      if (x < 4 || y < 4 || x + w > width - 4 || y + h > height - 4) continue;
      if (placed.some((p) => x < p.x + p.w && x + w > p.x && y < p.y + p.h && y + h > p.y)) continue;
      placed.push({ x, y, w, h });
      elements.push({ type: 'text', x, y, style: { text: word.value, fontSize: size, fontFamily: FONT, fill: palette[i % palette.length] } });
      return;
    }
  });
  return render({ graphic: { elements } }, width, height);
}
