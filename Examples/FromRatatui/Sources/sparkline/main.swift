import RatatuiPorts

await runPort(SparklineExample())
