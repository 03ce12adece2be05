import RatatuiPorts

await runPort(ListExample())
