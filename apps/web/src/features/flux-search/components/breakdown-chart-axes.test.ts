import { describe, expect, it } from 'vitest';
import { axisEuros, barEuros, breakdownAxes } from './breakdown-chart-axes';

const bars = (keys: number[]) => keys.map((key) => ({ key, debit: 3_000_000, credit: 80_050 }));
const names = ['Licence', 'Assurance', 'Affiliation', 'Facture', 'Prélèvement SEPA', 'Remboursement'];

describe('breakdown charts in fr-FR with every label (R-UI-18)', () => {
  it('reads the amounts the French way on the axis and in the tooltip', () => {
    expect(axisEuros(30_000)).toBe('30\u202f000');
    expect(axisEuros(800.5)).toBe('801');
    expect(axisEuros(null)).toBe('');
    expect(barEuros(800.5)).toMatch(/^800,50\s€$/);
  });

  it('labels every category in full, horizontally, with the amounts axis in fr-FR', () => {
    const axes = breakdownAxes(bars([1, 2, 3, 4, 5, 6]), (key) => names[key - 1]!, 'horizontal');
    const [band] = axes.yAxis as unknown as [{ data: string[]; tickLabelInterval: (v: unknown, i: number) => boolean }];
    expect(band.data).toEqual(names);
    expect(band.data.every((name, index) => band.tickLabelInterval(name, index))).toBe(true);
    const [amounts] = axes.xAxis as unknown as [{ valueFormatter: (v: number) => string }];
    expect(amounts.valueFormatter(30_000)).toBe('30\u202f000');
  });

  it('keeps every month’s label, slanted when there are many', () => {
    const months = Array.from({ length: 12 }, (_, i) => i);
    const axes = breakdownAxes(bars(months), (key) => `m${key}`, 'vertical');
    const [band] = axes.xAxis as unknown as [
      { data: string[]; tickLabelInterval: () => boolean; tickLabelStyle: { angle?: number } },
    ];
    expect(band.data).toHaveLength(12);
    expect(band.tickLabelInterval()).toBe(true);
    expect(band.tickLabelStyle.angle).toBe(-40);
    const [amounts] = axes.yAxis as unknown as [{ valueFormatter: (v: number) => string }];
    expect(amounts.valueFormatter(1_234_567)).toBe('1\u202f234\u202f567');
  });
});
