#pragma once
void log_msg(const char *message);
void report(int value);
