/**
 * The only module that imports echarts, and only what the 数据分析 tab draws: the tab loads it with import(), so
 * echarts is its own chunk and neither the admin bundle nor a public page carries it (decision 066).
 */
import * as echarts from 'echarts/core';
import { FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([FunnelChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
