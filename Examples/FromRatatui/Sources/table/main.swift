import RatatuiPorts

await runPort(TableExample())
