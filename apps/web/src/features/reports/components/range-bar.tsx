import { MAX_HOURLY_DAYS, type ReportRange } from '@tally/contracts';
import { Checkbox, Segmented, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { KeyboardRangePicker } from '../../../components/keyboard-range-picker';
import { hourlyAllowed, useRangeStore } from '../model/range-store';

const QUICK_RANGES: Exclude<ReportRange, 'custom'>[] = ['today', 'yesterday', '7d', '30d'];
const DATE = 'YYYY-MM-DD';

/** Period, comparison and (on charts over time) hour or day: the controls above every report. */
export function RangeBar({ withGranularity = false }: { withGranularity?: boolean }) {
  const { t } = useTranslation();
  const state = useRangeStore();
  const custom: [Dayjs, Dayjs] | null =
    state.range === 'custom' && state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null;
  const hourly = hourlyAllowed(state);
  return (
    <div className="range-bar" data-testid="range-bar">
      <Segmented<string>
        value={state.range === 'custom' ? '' : state.range}
        onChange={(value) => state.setRange(value as Exclude<ReportRange, 'custom'>)}
        options={QUICK_RANGES.map((range) => ({ value: range, label: t(`reports.range.${range}`) }))}
        aria-label={t('reports.rangeLabel')}
        data-testid="range-quick"
      />
      <KeyboardRangePicker
        className="range-picker"
        value={custom}
        allowClear={false}
        placeholder={[t('reports.range.custom'), t('reports.range.custom')]}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (from && to) state.setCustom(from.format(DATE), to.format(DATE));
        }}
        data-testid="range-custom"
      />
      <Checkbox
        checked={state.compare}
        onChange={(e) => state.setCompare(e.target.checked)}
        data-testid="range-compare"
      >
        {t('reports.compare')}
      </Checkbox>
      {withGranularity && (
        <Tooltip title={hourly ? undefined : t('reports.hourlyLimit', { days: MAX_HOURLY_DAYS })}>
          <Segmented<string>
            value={hourly ? state.granularity : 'day'}
            onChange={(value) => state.setGranularity(value === 'hour' ? 'hour' : 'day')}
            options={[
              { value: 'hour', label: t('reports.granularity.hour'), disabled: !hourly },
              { value: 'day', label: t('reports.granularity.day') },
            ]}
            aria-label={t('reports.granularityLabel')}
            data-testid="range-granularity"
          />
        </Tooltip>
      )}
    </div>
  );
}
