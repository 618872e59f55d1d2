// The desktop window (RunController, MainWindow, models and plots) lives here
// once it is built; until then the library only carries its dependencies.
namespace sharescope::ui {
int placeholder()
{
    return 0;
}
} // namespace sharescope::ui
