import RatatuiPorts

await runPort(LayoutExample())
