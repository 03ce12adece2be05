import RatatuiPorts

await runPort(BlockExample())
