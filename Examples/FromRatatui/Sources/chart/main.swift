import RatatuiPorts

await runPort(ChartExample())
