import RatatuiPorts

await runPort(TabsExample())
