import RatatuiPorts

await runPort(GaugeExample())
