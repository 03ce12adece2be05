import RatatuiPorts

await runPort(BarChartExample())
